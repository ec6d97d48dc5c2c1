package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.noise.RandomSources;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a labelling process with SIGKILL while it answers queries, then checks that every answer
 * it had released (printed) has its charge in the ledger: no charge was lost.
 */
class LedgerKillTest {

  /** The child process: labels many queries, printing each answer as it is released. */
  public static void main(String[] args) {
    Path file = Path.of(args[0]);
    int[][] votes = LabellerTest.votes(200_000, 11);
    PrivacyAccountant accountant = LabellerTest.accountant();
    try (LedgerWriter ledger = LedgerWriter.create(file, accountant)) {
      Labeller labeller = new Labeller(Aggregators.lnmax(LabellerTest.GAMMA), accountant, ledger,
          RandomSources.seeded(1));
      for (int q = 0; q < votes.length; q++) {
        labeller.answer(q, votes[q]);
        System.out.println("released " + q);
        System.out.flush();
      }
    }
  }

  @Test
  void noChargeIsLostWhenTheProcessIsKilled(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(Ledger.FILE);
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"),
        LedgerKillTest.class.getName(), file.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    Set<Integer> released = new HashSet<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while (released.size() < 300 && (line = out.readLine()) != null) {
        if (line.startsWith("released ")) {
          released.add(Integer.parseInt(line.substring(9)));
        }
      }
      child.destroyForcibly(); // SIGKILL: no shutdown hooks, no flush
      child.waitFor();
    }
    assertTrue(released.size() >= 300, "child released only " + released.size());

    LedgerWriter.dropTornLastLine(file);
    Set<Integer> charged = new HashSet<>();
    LedgerReader.read(file).entries().forEach(e -> charged.add(e.query()));
    for (int q : released) {
      assertTrue(charged.contains(q), "answer " + q + " was released without its charge");
    }
  }
}
