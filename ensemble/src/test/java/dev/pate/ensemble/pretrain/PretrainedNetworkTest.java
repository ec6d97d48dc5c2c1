package dev.pate.ensemble.pretrain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.indexing.NDArrayIndex;

/** Teachers started from convolutions pretrained on 500 public MNIST test images. */
class PretrainedNetworkTest {
  private static final NetworkSpec TEACHER = NetworkSpec.of(NetworkSettings.teacherDefaults());
  private static final PretrainSettings SHORT = new PretrainSettings(2, 64, 0.002);

  private static ImageDataset pool;
  private static PretrainedNetwork pretrained;
  private static InputShape shape;

  @BeforeAll
  static void pretrain() {
    pool = ImageDatasets.load("mnist", DataDirectory.standard()).test().range("pool", 0, 500);
    shape = InputShape.of(pool);
    pretrained = PretrainedNetwork.pretrain(TEACHER, Pretext.ROTATION, SHORT, pool, 3,
        TrainingEngine.ONEDNN);
  }

  @Test
  void everyNetworkStartsFromThePretextsConvolutionsAndItsOwnDenseLayers() {
    MultiLayerNetwork a = pretrained.create(shape, 10, 11, 100);
    MultiLayerNetwork b = pretrained.create(shape, 10, 12, 100);
    MultiLayerNetwork fresh = TEACHER.create(shape, 10, 11, 100);
    long convolutions = PretrainedNetwork.convolutionParameters(fresh);
    // The built-in cnn: 16 and 32 filters of 5x5, with biases.
    assertEquals(16 * 25 + 16 + 32 * 16 * 25 + 32, convolutions);

    assertEquals(head(a, convolutions), head(b, convolutions), "one set of convolutions");
    assertNotEquals(head(fresh, convolutions), head(a, convolutions), "not the random ones");
    assertEquals(tail(fresh, convolutions), tail(a, convolutions),
        "the dense layers are the base network's of that seed");
    assertNotEquals(tail(a, convolutions), tail(b, convolutions));
  }

  @Test
  void thePretextLearnsToTellTheTurnAndTheSameSeedPretrainsTheSameConvolutions() {
    // Four turns: chance is 0.25.
    assertTrue(pretrained.pretextAccuracy() > 0.5, pretrained.describe());
    PretrainedNetwork again = PretrainedNetwork.pretrain(TEACHER, Pretext.ROTATION, SHORT, pool,
        3, TrainingEngine.ONEDNN);
    PretrainedNetwork otherSeed = PretrainedNetwork.pretrain(TEACHER, Pretext.ROTATION, SHORT,
        pool, 4, TrainingEngine.ONEDNN);
    long convolutions = PretrainedNetwork.convolutionParameters(TEACHER.create(shape, 10, 1, 1));
    assertEquals(head(pretrained.create(shape, 10, 1, 1), convolutions),
        head(again.create(shape, 10, 1, 1), convolutions));
    assertNotEquals(head(pretrained.create(shape, 10, 1, 1), convolutions),
        head(otherSeed.create(shape, 10, 1, 1), convolutions));
    assertTrue(pretrained.identity(shape, 10).contains("rotation on 2000 turned images of"
        + " pool, 2 epochs of 64 at 0.002, seed 3"), pretrained.identity(shape, 10));
  }

  @Test
  void onlyACnnHasConvolutionsToPretrainAndNoneTrainsNothing() {
    NetworkSpec mlp = NetworkSpec.of(NetworkSettings.teacherDefaults().toBuilder().mlp().build());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PretrainedNetwork.pretrain(mlp, Pretext.ROTATION, SHORT, pool, 3,
            TrainingEngine.ONEDNN));
    assertTrue(e.getMessage().startsWith("base: mlp has no convolutions"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PretrainedNetwork.pretrain(TEACHER,
        Pretext.NONE, SHORT, pool, 3, TrainingEngine.ONEDNN));
  }

  private static INDArray head(MultiLayerNetwork net, long count) {
    return net.params().get(NDArrayIndex.interval(0, count)).dup();
  }

  private static INDArray tail(MultiLayerNetwork net, long count) {
    return net.params().get(NDArrayIndex.interval(count, net.numParams())).dup();
  }
}
