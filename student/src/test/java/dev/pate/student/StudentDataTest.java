package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import org.junit.jupiter.api.Test;

class StudentDataTest {
  private static final ImageDataset IMAGES =
      ImageDataset.copyOf("toy/test", 2, 2, 3, new byte[10 * 4], new int[10]);

  @Test
  void unlabelledPoolMustNotContainAnEvaluationImage() {
    ImageDataset labelled = IMAGES.range("labelled", 0, 2);
    ImageDataset pool = IMAGES.range("pool", 0, 7);
    ImageDataset evaluation = IMAGES.range("evaluation", 6, 10);
    var e = assertThrows(IllegalArgumentException.class,
        () -> new StudentData(labelled, new int[2], pool, evaluation));
    assertTrue(e.getMessage().startsWith("unlabelled: example toy/test#6"), e.getMessage());
  }

  @Test
  void labelledImagesMustNotBeEvaluationImages() {
    var e = assertThrows(IllegalArgumentException.class, () -> new StudentData(
        IMAGES.range("labelled", 5, 8), new int[3], IMAGES.range("pool", 0, 5),
        IMAGES.range("evaluation", 7, 10)));
    assertTrue(e.getMessage().startsWith("labelled:"), e.getMessage());
  }

  @Test
  void labelsMustMatchTheImagesAndTheClasses() {
    ImageDataset labelled = IMAGES.range("labelled", 0, 2);
    ImageDataset evaluation = IMAGES.range("evaluation", 8, 10);
    ImageDataset pool = IMAGES.range("pool", 2, 8);
    assertEquals("labels: 3 labels for 2 labelled examples",
        assertThrows(IllegalArgumentException.class,
            () -> new StudentData(labelled, new int[3], pool, evaluation)).getMessage());
    assertEquals("labels: 3 at 1 is not in 0..2",
        assertThrows(IllegalArgumentException.class,
            () -> new StudentData(labelled, new int[] {0, 3}, pool, evaluation)).getMessage());
    int[] labels = {1, 2};
    StudentData data = new StudentData(labelled, labels, pool, evaluation);
    labels[0] = 0;
    assertEquals(1, data.labels()[0], "the record keeps its own copy");
  }

  @Test
  void neitherLabelledNorPoolImagesMayBeMonitoredImages() {
    ImageDataset labelled = IMAGES.range("labelled", 0, 2);
    ImageDataset evaluation = IMAGES.range("evaluation", 8, 10);
    var e = assertThrows(IllegalArgumentException.class, () -> new StudentData(labelled,
        new int[2], IMAGES.range("pool", 2, 6), evaluation, IMAGES.range("monitor", 5, 8)));
    assertEquals("unlabelled: example toy/test#5 is also a monitored example", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new StudentData(labelled,
        new int[2], IMAGES.range("pool", 2, 5), evaluation, IMAGES.range("monitor", 1, 8)));
    assertEquals("labelled: example toy/test#1 is also a monitored example", e.getMessage());
  }

  @Test
  void withoutAMonitorTheCurveIsMeasuredOnTheEvaluationImages() {
    ImageDataset evaluation = IMAGES.range("evaluation", 8, 10);
    StudentData data = new StudentData(IMAGES.range("labelled", 0, 2), new int[2],
        IMAGES.range("pool", 2, 5), evaluation);
    assertTrue(data.monitorsEvaluation());
    assertEquals(evaluation, data.monitor());
    assertFalse(new StudentData(data.labelled(), data.labels(), data.unlabelled(), evaluation,
        IMAGES.range("monitor", 5, 8)).monitorsEvaluation());
  }
}
