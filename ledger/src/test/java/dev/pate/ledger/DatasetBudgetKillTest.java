package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process with SIGKILL at random points while it reserves and settles run after run
 * against a data set's budget, then checks: every reservation and settlement it had reported is
 * in the ledger (no charge lost), at most the run it was in holds a reservation (none leaked
 * beyond its run), and that run, resumed, reuses its reservation and settles it.
 */
class DatasetBudgetKillTest {
  private static final String DATA = "cd".repeat(32);

  /** The child: for run {@code <prefix>-0, 1, ...}: reserve, report, settle, report. */
  public static void main(String[] args) {
    DatasetBudget budget = DatasetBudget.of(Path.of(args[0]), DATA);
    double[] unit = DatasetBudgetTest.unit(budget.read().total().orders(), 1e-6);
    for (int i = 0; ; i++) {
      String run = args[1] + "-" + i;
      budget.reserve(run, unit);
      System.out.println("reserved " + run);
      budget.settle(run, unit);
      System.out.println("settled " + run);
      System.out.flush();
    }
  }

  @Test
  void noChargeIsLostAndNoReservationLeaksWhenKilled(@TempDir Path dir) throws Exception {
    DatasetBudget budget = DatasetBudget.init(dir, DATA, Budget.of(1e6, 1e-5));
    Random random = new Random(28);
    int kills = 6;
    int resumed = 0;
    for (int k = 0; k < kills; k++) {
      Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-cp", System.getProperty("java.class.path"),
          DatasetBudgetKillTest.class.getName(), dir.toString(), "kill" + k)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      Set<String> reserved = new HashSet<>();
      Set<String> settled = new HashSet<>();
      int events = 10 + random.nextInt(60); // a random point of the reserve/settle cycle
      try (BufferedReader out = new BufferedReader(new InputStreamReader(
          child.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        for (int seen = 0; seen < events && (line = out.readLine()) != null; seen++) {
          (line.startsWith("reserved ") ? reserved : settled).add(line.substring(
              line.indexOf(' ') + 1));
        }
        child.destroyForcibly(); // SIGKILL: no shutdown hooks, no flush
        child.waitFor();
      }
      assertTrue(reserved.size() >= 5, "the child reported only " + reserved);

      DatasetBudget.State state = budget.read();
      Set<String> inLedgerReserved = new HashSet<>();
      Set<String> inLedgerSettled = new HashSet<>();
      for (DatasetBudget.Charge c : state.charges()) {
        (c.kind() == DatasetBudget.Kind.RESERVE ? inLedgerReserved : inLedgerSettled)
            .add(c.run());
      }
      assertTrue(inLedgerReserved.containsAll(reserved), "a reservation was lost");
      assertTrue(inLedgerSettled.containsAll(settled), "a settlement was lost");
      assertTrue(state.open().size() <= 1, "reservations leaked: " + state.open().keySet());
      for (String run : state.open().keySet()) {
        assertTrue(run.startsWith("kill" + k + "-"), run + " outlived its process");
        // Resumed: the run finds its reservation, reserves nothing more, and settles it.
        assertTrue(budget.reserve(run, DatasetBudgetTest.unit(state.total().orders(), 1e-6))
            .reused());
        assertTrue(budget.settle(run, DatasetBudgetTest.unit(state.total().orders(), 1e-6))
            .open().isEmpty());
        resumed++;
      }
    }
    DatasetBudget.State end = budget.read();
    assertTrue(end.open().isEmpty());
    assertEquals(end.charges().stream().filter(c -> c.kind() == DatasetBudget.Kind.RESERVE)
        .count(), end.settledRuns());
    System.out.println("DatasetBudgetKillTest: " + kills + " kills, " + end.settledRuns()
        + " runs reserved and settled, " + resumed + " left holding a reservation and resumed,"
        + " 0 charges lost, 0 reservations leaked");
  }
}
