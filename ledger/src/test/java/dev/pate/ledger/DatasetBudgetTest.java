package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetBudgetTest {
  private static final String DATA = "ab".repeat(32);

  @TempDir Path dir;

  /** A Gaussian mechanism's curve, {@code multiple * alpha / 2}: sigma 1, sensitivity 1. */
  static double[] unit(Orders orders, double multiple) {
    double[] rdp = new double[orders.size()];
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = multiple * orders.get(i) / 2;
    }
    return rdp;
  }

  private static double[] unit(DatasetBudget b, double multiple) {
    return unit(b.read().total().orders(), multiple);
  }

  @Test
  void reservationsFitUntilTheBudgetIsTakenThenSettlingGivesBackTheUnspent() {
    DatasetBudget b = DatasetBudget.init(dir, DATA, Budget.of(4, 1e-5));
    DatasetBudget.Reservation first = b.reserve("run-1", unit(b, 0.1));
    assertFalse(first.reused());
    assertEquals(0, first.before().committedEpsilon());
    assertTrue(first.after().committedEpsilon() > 0);
    // A resumed run holds its reservation already: nothing more is committed.
    DatasetBudget.Reservation again = b.reserve("run-1", unit(b, 0.1));
    assertTrue(again.reused());
    assertEquals(first.after().committedEpsilon(), again.after().committedEpsilon());
    BudgetRefusal refused = assertThrows(BudgetRefusal.class,
        () -> b.reserve("run-2", unit(b, 1)));
    assertTrue(refused.getMessage().startsWith(b.file() + ": refused"), refused.getMessage());
    assertTrue(refused.getMessage().contains("remaining"), refused.getMessage());
    // Settled to a tenth of it, the first run leaves room for more.
    DatasetBudget.State settled = b.settle("run-1", unit(b, 0.01));
    assertTrue(settled.committedEpsilon() < first.after().committedEpsilon());
    assertTrue(settled.open().isEmpty());
    assertEquals(2, settled.charges().size());
  }

  @Test
  void aReleasedReservationIsLoggedWithItsReasonAndCommitsNothing() {
    DatasetBudget b = DatasetBudget.init(dir, DATA, Budget.of(4, 1e-5));
    b.reserve("killed", unit(b, 0.1));
    DatasetBudget.State after = b.releaseReservation("killed", "the machine was lost");
    assertEquals(0, after.committedEpsilon());
    assertEquals("the machine was lost", after.charges().get(1).note());
    assertThrows(UserError.class, () -> b.releaseReservation("killed", "twice"));
    assertThrows(UserError.class, () -> b.settle("never-reserved", unit(b, 0)));
  }

  @Test
  void aBudgetIsDeclaredOnce() {
    DatasetBudget.init(dir, DATA, Budget.of(4, 1e-5));
    UserError e = assertThrows(UserError.class,
        () -> DatasetBudget.init(dir, DATA, Budget.of(8, 1e-5)));
    assertTrue(e.getMessage().contains("has a budget already"), e.getMessage());
  }

  @Test
  void anEditedLineIsRefusedWithItsNumber() throws IOException {
    DatasetBudget b = DatasetBudget.init(dir, DATA, Budget.of(4, 1e-5));
    b.reserve("run-1", unit(b, 0.1));
    b.settle("run-1", unit(b, 0.05));
    List<String> lines = new ArrayList<>(Files.readAllLines(b.file()));
    lines.set(2, lines.get(2).replaceFirst("\"at\":\"[^\"]*\"", "\"at\":\"2000-01-01T00:00:00Z\""));
    Files.write(b.file(), lines);
    UserError e = assertThrows(UserError.class, b::read);
    assertEquals(b.file() + " line 3: hash does not match its content (tampered)",
        e.getMessage());
    // A line removed breaks the chain.
    lines.remove(1);
    Files.write(b.file(), lines);
    e = assertThrows(UserError.class, () -> b.reserve("run-2", unit(b, 0.1)));
    assertTrue(e.getMessage().startsWith(b.file() + " line 2: does not follow line 1"),
        e.getMessage());
  }

  @Test
  void aLineCutShortByACrashReservedNothingAndIsCutBeforeTheNextCharge() throws IOException {
    DatasetBudget b = DatasetBudget.init(dir, DATA, Budget.of(4, 1e-5));
    b.reserve("run-1", unit(b, 0.1));
    Files.writeString(b.file(), "{\"sequence\":2,\"kind\":\"res", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    assertEquals(1, b.read().charges().size());
    DatasetBudget.State after = b.settle("run-1", unit(b, 0.1));
    assertEquals(2, after.charges().size());
    assertTrue(Files.readString(b.file()).endsWith("\n"));
  }

  @Test
  void curvesMoveToTheBudgetsOrdersUnboundWhereTheRunHasNoValue() {
    double[] moved = DatasetBudget.onOrders(Orders.of(2, 4), new double[] {1, 2},
        Orders.of(4, 8));
    assertEquals(2, moved[0]);
    assertEquals(Double.POSITIVE_INFINITY, moved[1]);
  }

  /**
   * Six processes reserve at once against a budget that fits three: exactly three are granted,
   * the others refused, and what the ledger commits is within the budget.
   */
  @Test
  void concurrentProcessesNeverOverspend() throws Exception {
    Budget total = Budget.of(1, 1e-5);
    DatasetBudget b = DatasetBudget.init(dir, DATA, total);
    // A multiple of the unit curve of which three fit and four do not.
    DatasetBudget.State empty = b.read();
    double lo = 0;
    double hi = 1;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (empty.epsilonOf(unit(total.orders(), 3 * mid)) <= total.epsilon()) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double multiple = lo * 0.9;
    assertTrue(empty.epsilonOf(unit(total.orders(), 3 * multiple)) <= total.epsilon());
    assertTrue(empty.epsilonOf(unit(total.orders(), 4 * multiple)) > total.epsilon());

    Path go = dir.resolve("go");
    List<Process> children = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-cp", System.getProperty("java.class.path"), BudgetChild.class.getName(),
          dir.toString(), DATA, "run-" + i, Double.toString(multiple), go.toString())
          .redirectErrorStream(true).start());
    }
    Files.createFile(go);
    int granted = 0;
    int refused = 0;
    for (Process child : children) {
      assertTrue(child.waitFor(120, TimeUnit.SECONDS), "a child did not finish");
      String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      switch (child.exitValue()) {
        case 0 -> granted++;
        case 3 -> {
          refused++;
          assertTrue(out.contains("refused"), out);
        }
        default -> throw new AssertionError("child failed: " + out);
      }
    }
    assertEquals(3, granted);
    assertEquals(3, refused);
    DatasetBudget.State state = b.read();
    assertEquals(3, state.open().size());
    assertTrue(state.committedEpsilon() <= total.epsilon());
  }
}
