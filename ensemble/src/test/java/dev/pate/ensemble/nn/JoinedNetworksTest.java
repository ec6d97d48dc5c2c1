package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The joined network predicts the softmax of the members' mean logits, which is the normalised
 * geometric mean of their probabilities, for convolution and dense networks.
 */
class JoinedNetworksTest {
  private static final int CLASSES = 4;

  @Test
  void aJoinedCnnPredictsTheMeanOfItsMembersLogits() {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 6), OptionalInt.of(3),
        List.of(10), 0.25, 1, 8, 0.01, LearningRateSchedule.LINEAR, 1e-4);
    assertJoinedPredictsMeanLogits(cnn, new InputShape(12, 12, 3, true), 3);
  }

  @Test
  void aJoinedMlpPredictsTheMeanOfItsMembersLogits() {
    NetworkSettings mlp = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(7, 5).build();
    assertJoinedPredictsMeanLogits(mlp, InputShape.vector(9), 2);
  }

  @Test
  void anOutputReadingTheInputAveragesTheMembersWeights() {
    NetworkSettings linear = NetworkSettings.teacherDefaults().toBuilder().mlp().dense().build();
    assertJoinedPredictsMeanLogits(linear, InputShape.vector(6), 3);
  }

  @Test
  void oneMemberJoinsIntoItself() {
    NetworkSettings mlp = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(5).build();
    assertJoinedPredictsMeanLogits(mlp, InputShape.vector(6), 1);
  }

  @Test
  void membersOfOtherSettingsAreRefusedNamingTheLayer() {
    NetworkSettings mlp = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(5).build();
    NetworkSettings wider = mlp.toBuilder().dense(6).build();
    List<MultiLayerNetwork> members = List.of(
        NetworkBuilder.build(mlp, InputShape.vector(6), CLASSES, 3, 10),
        NetworkBuilder.build(wider, InputShape.vector(6), CLASSES, 4, 10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JoinedNetworks.of(members, mlp, InputShape.vector(6), CLASSES));
    assertEquals("members: layer 0 of member 1 has weights [6, 6], not [6, 5] as these settings"
        + " build it", e.getMessage());
  }

  private static void assertJoinedPredictsMeanLogits(NetworkSettings settings, InputShape shape,
      int memberCount) {
    Nd4j.getRandom().setSeed(11);
    INDArray features = Nd4j.rand(DataType.FLOAT, 16, shape.features());
    INDArray labels = Nd4j.zeros(DataType.FLOAT, 16, CLASSES);
    for (int i = 0; i < 16; i++) {
      labels.putScalar(i, i % CLASSES, 1);
    }
    List<MultiLayerNetwork> members = new ArrayList<>();
    for (int m = 0; m < memberCount; m++) {
      MultiLayerNetwork member = NetworkBuilder.build(settings, shape, CLASSES, 3 + m, 10);
      for (int step = 0; step < 3; step++) {
        member.fit(features, labels); // so that biases are not all zero
      }
      members.add(member);
    }
    MultiLayerNetwork joined = JoinedNetworks.of(members, settings, shape, CLASSES);

    INDArray inputs = Nd4j.rand(DataType.FLOAT, 7, shape.features());
    // log p_k is member k's logits less a constant per row, which softmax cancels.
    INDArray meanLog = Nd4j.zeros(DataType.FLOAT, 7, CLASSES);
    for (MultiLayerNetwork member : members) {
      meanLog.addi(Transforms.log(member.output(inputs, false), true).div(memberCount));
    }
    INDArray expected = Transforms.softmax(meanLog, true);
    INDArray actual = joined.output(inputs, false);
    float[] e = expected.data().asFloat();
    float[] a = actual.data().asFloat();
    for (int i = 0; i < e.length; i++) {
      assertEquals(e[i], a[i], 1e-5, "probability " + i);
    }
    // Members that disagree: the joined network is not any one of them.
    if (memberCount > 1) {
      float[] first = members.get(0).output(inputs, false).data().asFloat();
      double largest = 0;
      for (int i = 0; i < e.length; i++) {
        largest = Math.max(largest, Math.abs(first[i] - a[i]));
      }
      assertTrue(largest > 1e-3, "the joined network predicts as member 0 alone");
    }
  }
}
