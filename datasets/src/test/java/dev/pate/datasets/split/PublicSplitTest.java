package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pate.datasets.ExampleId;
import dev.pate.datasets.ImageDataset;
import org.junit.jupiter.api.Test;

class PublicSplitTest {
  @Test
  void defaultSplitIsFirst9000PoolAndLast1000HeldOut() {
    ImageDataset test = Toy.dataset("toy/test", 10000);

    PublicSplit split = PublicSplit.of(test);

    assertEquals(9000, split.pool().size());
    assertEquals(1000, split.holdout().size());
    assertEquals(new ExampleId("toy/test", 0), split.pool().exampleId(0));
    assertEquals(new ExampleId("toy/test", 8999), split.pool().exampleId(8999));
    assertEquals(new ExampleId("toy/test", 9000), split.holdout().exampleId(0));
    assertEquals(new ExampleId("toy/test", 9999), split.holdout().exampleId(999));
    assertEquals("toy/test/pool", split.pool().name());
    assertEquals("toy/test/holdout", split.holdout().name());
  }

  @Test
  void poolMustLeaveAHeldOutSet() {
    ImageDataset test = Toy.dataset("toy/test", 100);
    IllegalArgumentException all =
        assertThrows(IllegalArgumentException.class, () -> PublicSplit.of(test, 100));
    assertEquals(
        "poolSize: 100 is not < 100 (the size of toy/test); nothing would be left for the"
            + " held-out evaluation set",
        all.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PublicSplit.of(test, 0));
  }
}
