package dev.pate.ledger;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process that reserves against a data set's budget, for {@link DatasetBudgetTest}: waits for
 * the go file (so that all children ask at once), reserves {@code multiple} times the test's unit
 * curve for its run, and exits 0 if granted, 3 if refused.
 *
 * <p>Arguments: budget dir, data sha256, run name, multiple, go file.
 */
public final class BudgetChild {
  private BudgetChild() {}

  public static void main(String[] args) throws Exception {
    Path go = Path.of(args[4]);
    while (!Files.exists(go)) {
      Thread.onSpinWait();
    }
    DatasetBudget budget = DatasetBudget.of(Path.of(args[0]), args[1]);
    try {
      budget.reserve(args[2], DatasetBudgetTest.unit(budget.read().total().orders(),
          Double.parseDouble(args[3])));
      System.exit(0);
    } catch (BudgetRefusal refused) {
      System.err.println(refused.getMessage());
      System.exit(3);
    }
  }
}
