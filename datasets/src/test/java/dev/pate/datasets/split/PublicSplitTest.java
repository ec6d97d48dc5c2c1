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

  /** The validation split is the pool's tail: disjoint from the rest of the pool and held-out. */
  @Test
  void validationIsCarvedFromTheEndOfThePool() {
    ImageDataset test = Toy.dataset("toy/test", 100);
    PublicSplit split = PublicSplit.of(test, 80).withValidation(20);

    assertEquals(60, split.pool().size());
    assertEquals(20, split.validation().size());
    assertEquals(20, split.holdout().size());
    assertEquals(new ExampleId("toy/test", 0), split.pool().exampleId(0));
    assertEquals(new ExampleId("toy/test", 59), split.pool().exampleId(59));
    assertEquals(new ExampleId("toy/test", 60), split.validation().exampleId(0));
    assertEquals(new ExampleId("toy/test", 79), split.validation().exampleId(19));
    assertEquals(new ExampleId("toy/test", 80), split.holdout().exampleId(0));
    assertEquals("toy/test/validation", split.validation().name());
    assertEquals(100, Disjointness.verify(java.util.List.of(split.pool(), split.validation(),
        split.holdout())));
  }

  @Test
  void noValidationLeavesTheSplitAsItIs() {
    PublicSplit split = PublicSplit.of(Toy.dataset("toy/test", 100), 80);
    assertEquals(split, split.withValidation(0));
    assertEquals(0, split.validation().size());
  }

  /** A student in training is judged on the validation split if there is one, never held-out. */
  @Test
  void studentsAreJudgedOnTheValidationSplitWhenThereIsOne() {
    PublicSplit plain = PublicSplit.of(Toy.dataset("toy/test", 100), 80);
    assertEquals(plain.holdout(), plain.judgedOn());
    assertEquals("held-out", plain.judgedOnName());
    PublicSplit validated = plain.withValidation(20);
    assertEquals(validated.validation(), validated.judgedOn());
    assertEquals("validation", validated.judgedOnName());
  }

  @Test
  void validationMustLeaveAPool() {
    PublicSplit split = PublicSplit.of(Toy.dataset("toy/test", 100), 80);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> split.withValidation(80));
    assertEquals("size: 80 is not in 0..79 (the query pool has 80 examples and keeps at least"
        + " one)", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> split.withValidation(10).withValidation(10));
  }
}
