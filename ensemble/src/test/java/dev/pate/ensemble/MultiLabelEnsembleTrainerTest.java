package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.pate.datasets.ImageShape;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.ensemble.nn.NetworkSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-label teachers trained on a pool of workers are the same teachers whatever the worker
 * count, and a training resumed with the teachers saved so far trains only the others.
 */
class MultiLabelEnsembleTrainerTest {
  private static final NetworkSettings MLP = NetworkSettings.teacherDefaults().toBuilder().mlp()
      .dense(8).epochs(2).batchSize(8).learningRate(0.01).build();

  /** Random 4x4 images with random label sets over 3 labels. */
  private static MultiLabelImages images(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    byte[] pixels = new byte[n * 16];
    rng.nextBytes(pixels);
    int[] masks = new int[n];
    List<List<String>> sources = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      masks[i] = rng.nextInt(8);
      sources.add(List.of("toy#" + seed + "-" + i));
    }
    return new MultiLabelImages("toy" + seed, ImageShape.grey(4, 4), pixels, masks,
        List.of("a", "b", "c"), sources);
  }

  private static List<MultiLabelImages> partitions() {
    return List.of(images(24, 1), images(24, 2), images(24, 3));
  }

  private static List<MultiLabelNetwork> train(int workers, Path dir,
      Map<Integer, TeacherRecord> records, Map<Integer, TeacherRecord> finished) {
    return new MultiLabelEnsembleTrainer(MLP, workers, 1).train(partitions(), 7, dir,
        teacher -> 0.5, record -> records.put(record.index(), record), finished);
  }

  @Test
  void oneWorkerAndTwoTrainTheSameTeachers(@TempDir Path dir) {
    Map<Integer, TeacherRecord> records = new ConcurrentHashMap<>();
    List<MultiLabelNetwork> one = train(1, dir.resolve("one"), records, Map.of());
    List<MultiLabelNetwork> two = train(2, dir.resolve("two"), new ConcurrentHashMap<>(),
        Map.of());
    assertEquals(3, one.size());
    assertEquals(3, records.size(), "told of every teacher");
    for (int t = 0; t < 3; t++) {
      assertEquals(one.get(t).network().params(), two.get(t).network().params(), "teacher " + t);
    }
    assertNotEquals(one.get(0).network().params(), one.get(1).network().params(),
        "each teacher its own seed and data");
    MultiLabelImages queries = images(10, 9);
    int[][] votes = new MultiLabelEnsembleTrainer(MLP, 2, 1).votes(one, queries);
    assertEquals(10, votes.length);
    for (int t = 0; t < 3; t++) {
      int[] predicted = one.get(t).predict(queries);
      for (int q = 0; q < 10; q++) {
        assertEquals(predicted[q], votes[q][t], "query " + q + ", teacher " + t);
      }
    }
  }

  @Test
  void aResumedTrainingLoadsTheSavedTeachersAndTrainsTheOthers(@TempDir Path dir) {
    Map<Integer, TeacherRecord> first = new ConcurrentHashMap<>();
    List<MultiLabelNetwork> all = train(2, dir, first, Map.of());
    Map<Integer, TeacherRecord> again = new ConcurrentHashMap<>();
    List<MultiLabelNetwork> resumed = train(2, dir, again, Map.of(0, first.get(0), 2,
        first.get(2)));
    assertEquals(List.of(1), List.copyOf(again.keySet()), "only teacher 1 trained again");
    for (int t = 0; t < 3; t++) {
      assertEquals(all.get(t).network().params(), resumed.get(t).network().params());
    }
    // Teacher 1's file is the resumed training's (a model file's bytes include when it was
    // written), so its record is that training's.
    List<MultiLabelNetwork> loaded = MultiLabelEnsembleTrainer.load(dir,
        List.of(first.get(0), again.get(1), first.get(2)), 3);
    MultiLabelImages queries = images(10, 9);
    assertArrayEquals(all.get(1).predict(queries), loaded.get(1).predict(queries));
  }
}
