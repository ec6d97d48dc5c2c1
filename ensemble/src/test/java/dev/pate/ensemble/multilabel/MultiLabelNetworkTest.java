package dev.pate.ensemble.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageShape;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.nn.NetworkSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A sigmoid/XENT network learns label sets, reproducibly, and respects its label mask. */
class MultiLabelNetworkTest {

  /** 4x4 images; label j (of 4) is present iff quadrant j is bright. */
  private static MultiLabelImages quadrants(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    byte[] pixels = new byte[n * 16];
    int[] masks = new int[n];
    List<List<String>> sources = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      masks[i] = rng.nextInt(16);
      for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) {
          int quadrant = (r / 2) * 2 + c / 2;
          boolean on = ((masks[i] >>> quadrant) & 1) == 1;
          pixels[i * 16 + r * 4 + c] = (byte) (on ? 200 + rng.nextInt(56) : rng.nextInt(40));
        }
      }
      sources.add(List.of("toy#" + i));
    }
    return new MultiLabelImages("toy", ImageShape.grey(4, 4), pixels, masks,
        List.of("a", "b", "c", "d"), sources);
  }

  private static final NetworkSettings MLP = NetworkSettings.teacherDefaults().toBuilder().mlp()
      .dense(16).epochs(30).batchSize(16).learningRate(0.01).build();

  private static int wrongLabels(int[] predicted, int[] truth, int labelMask) {
    int wrong = 0;
    for (int i = 0; i < truth.length; i++) {
      wrong += Integer.bitCount((predicted[i] ^ truth[i]) & labelMask);
    }
    return wrong;
  }

  @Test
  void learnsLabelSetsReproducibly() {
    MultiLabelImages train = quadrants(400, 1);
    MultiLabelImages test = quadrants(200, 2);
    MultiLabelTargets targets = MultiLabelTargets.complete(4, train.labelMasks());
    MultiLabelNetwork a = MultiLabelNetwork.train(MLP, train, targets, 5);
    MultiLabelNetwork b = MultiLabelNetwork.train(MLP, train, targets, 5);
    int[] predicted = a.predict(test);
    assertArrayEquals(predicted, b.predict(test), "same seed, same network");
    int wrong = wrongLabels(predicted, test.labelMasks(), 0b1111);
    assertTrue(wrong < 0.05 * 4 * 200, wrong + " wrong labels of 800");
  }

  @Test
  void partiallyKnownExamplesStillTeachTheirKnownLabels() {
    MultiLabelImages train = quadrants(400, 3);
    int[] truth = train.labelMasks();
    int[] known = new int[truth.length];
    int[] positive = new int[truth.length];
    for (int i = 0; i < truth.length; i++) {
      known[i] = i % 2 == 0 ? 0b1111 : 0b0011; // every other example: labels 2, 3 unanswered
      positive[i] = truth[i] & known[i];
    }
    MultiLabelNetwork net = MultiLabelNetwork.train(MLP, train,
        new MultiLabelTargets(4, positive, known), 7);
    MultiLabelImages test = quadrants(200, 4);
    assertTrue(wrongLabels(net.predict(test), test.labelMasks(), 0b1111) < 0.05 * 4 * 200);
    assertThrows(IllegalArgumentException.class,
        () -> new MultiLabelTargets(4, new int[] {0b1}, new int[] {0b10}));
  }

  @Test
  void maskedLabelsAreLeftOutOfTheLoss() {
    // Label 0 known only where it is present. Were the mask ignored, its zeros elsewhere would
    // teach the network the quadrant; masked, it sees only positives and says "present" almost
    // everywhere.
    MultiLabelImages train = quadrants(400, 5);
    int[] truth = train.labelMasks();
    int[] known = new int[truth.length];
    int[] positive = new int[truth.length];
    for (int i = 0; i < truth.length; i++) {
      known[i] = (truth[i] & 1) == 1 ? 0b1111 : 0b1110;
      positive[i] = truth[i] & known[i];
    }
    MultiLabelNetwork net = MultiLabelNetwork.train(MLP, train,
        new MultiLabelTargets(4, positive, known), 9);
    MultiLabelImages test = quadrants(200, 6);
    int[] predicted = net.predict(test);
    int absent = 0;
    int saidPresent = 0;
    for (int i = 0; i < predicted.length; i++) {
      if ((test.labelMask(i) & 1) == 0) {
        absent++;
        saidPresent += predicted[i] & 1;
      }
    }
    assertTrue(saidPresent > 0.8 * absent, saidPresent + " of " + absent);
  }
}
