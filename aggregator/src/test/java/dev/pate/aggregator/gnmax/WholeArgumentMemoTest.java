package dev.pate.aggregator.gnmax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The memo gives the function's own values and computes each whole argument in range once. */
class WholeArgumentMemoTest {
  @Test
  void givesTheFunctionsValuesBitForBitAndComputesEachWholeArgumentOnce() {
    AtomicInteger calls = new AtomicInteger();
    WholeArgumentMemo memo = new WholeArgumentMemo(x -> {
      calls.incrementAndGet();
      return GaussianTail.logSf(x, 57.21 * Math.sqrt(2));
    });
    double[] arguments = {0, 1, 2, 17, 4095, 0, 1, 2, 17, 4095};
    for (double x : arguments) {
      assertEquals(Double.doubleToRawLongBits(GaussianTail.logSf(x, 57.21 * Math.sqrt(2))),
          Double.doubleToRawLongBits(memo.applyAsDouble(x)), "x " + x);
    }
    assertEquals(5, calls.get(), "each whole argument computed once");
  }

  @Test
  void computesEveryOtherArgumentEachTime() {
    AtomicInteger calls = new AtomicInteger();
    WholeArgumentMemo memo = new WholeArgumentMemo(x -> {
      calls.incrementAndGet();
      return 2 * x;
    });
    for (double x : new double[] {0.5, -1, 4096, 1e9}) {
      assertEquals(2 * x, memo.applyAsDouble(x));
      assertEquals(2 * x, memo.applyAsDouble(x));
    }
    assertEquals(8, calls.get(), "fractions, negatives and arguments past the table: never kept");
  }
}
