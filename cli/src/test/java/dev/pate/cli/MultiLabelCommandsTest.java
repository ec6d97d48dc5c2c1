package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.multilabel.MultiLabelVoteFile;
import dev.pate.aggregator.multilabel.MultiLabelVotes;
import dev.pate.pipeline.output.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pate analyze} and {@code pate plan} with the multi-label mechanisms. */
class MultiLabelCommandsTest {
  @TempDir Path dir;

  private Path votes(int queries) throws Exception {
    List<MultiLabelVotes> all = new ArrayList<>();
    for (int q = 0; q < queries; q++) {
      int[] masks = new int[20];
      for (int t = 0; t < 20; t++) {
        masks[t] = t < 17 ? 0b0011 : 0b1000;
      }
      all.add(new MultiLabelVotes(4, masks));
    }
    Path file = dir.resolve("votes.npy");
    MultiLabelVoteFile.write(file, all);
    return file;
  }

  @Test
  void planThenAnalyzeGiveTheSameDataIndependentEpsilonWithinTheBudget() throws Exception {
    for (String mechanism : List.of("binary-voting", "tau-voting", "powerset-voting")) {
      List<String> planArgs = new ArrayList<>(List.of("plan", "--epsilon", "2", "--delta", "1e-5",
          "--queries", "50", "--labels", "4", "--mechanism", mechanism, "--json"));
      if (mechanism.equals("tau-voting")) {
        planArgs.addAll(List.of("--tau", "1.2"));
      }
      Captured plan = Captured.run(planArgs.toArray(String[]::new));
      assertEquals(0, plan.exitCode(), plan.err());
      JsonNode planned = Json.mapper().readTree(plan.out());
      double sigma = planned.get("parameters").get("sigma").asDouble();
      double planEpsilon = planned.get("epsilon").asDouble();
      assertTrue(planEpsilon <= 2 && planEpsilon > 1.99, mechanism + " " + planEpsilon);

      List<String> analyzeArgs = new ArrayList<>(List.of("analyze", "--votes",
          votes(50).toString(), "--mechanism", mechanism, "--sigma", Double.toString(sigma),
          "--noise", "discrete", "--json"));
      if (mechanism.equals("tau-voting")) {
        analyzeArgs.addAll(List.of("--tau", "1.2"));
      }
      Captured analysis = Captured.run(analyzeArgs.toArray(String[]::new));
      assertEquals(0, analysis.exitCode(), analysis.err());
      JsonNode result = Json.mapper().readTree(analysis.out());
      JsonNode guarantee = result.get("epsilon_data_independent");
      assertEquals(planEpsilon, guarantee.get("epsilon").asDouble(), 1e-9, mechanism);
      assertEquals(1e-5, guarantee.get("delta").asDouble());
      assertEquals("improved", guarantee.get("conversion").asText());
      assertTrue(guarantee.get("order").asDouble() > 1);
      assertEquals(50, result.get("queries").asInt());
      double dependent = result.get("epsilon_data_dependent").get("epsilon").asDouble();
      if (mechanism.equals("powerset-voting")) {
        assertTrue(dependent < planEpsilon, "a clear plurality of subsets is cheaper");
      } else {
        assertEquals(planEpsilon, dependent, 1e-9, "no data-dependent bound is claimed");
      }
    }
  }

  @Test
  void tauClippingNeedsLessNoiseThanBinaryVotingForTheSameBudget() throws Exception {
    double binary = plannedSigma("binary-voting");
    double tau = plannedSigma("tau-voting", "--tau", "1");
    // Sensitivity^2 10 against at most 2 tau^2 = 2: sigma scales with the sensitivity.
    assertEquals(Math.sqrt(10.0 / 2.0), binary / tau, 0.01);
  }

  private double plannedSigma(String mechanism, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("plan", "--epsilon", "1", "--queries", "200",
        "--labels", "10", "--mechanism", mechanism, "--json"));
    args.addAll(List.of(extra));
    Captured plan = Captured.run(args.toArray(String[]::new));
    assertEquals(0, plan.exitCode(), plan.err());
    return Json.mapper().readTree(plan.out()).get("parameters").get("sigma").asDouble();
  }

  @Test
  void badInputIsOneLineNamingTheFlagOrTheFile() throws Exception {
    Captured noTau = Captured.run("plan", "--epsilon", "1", "--labels", "4", "--mechanism",
        "tau-voting");
    assertEquals(2, noTau.exitCode());
    assertTrue(noTau.err().contains("--tau: required"), noTau.err());

    Captured noLabels = Captured.run("plan", "--epsilon", "1", "--mechanism", "binary-voting");
    assertEquals(2, noLabels.exitCode());
    assertTrue(noLabels.err().contains("--labels"), noLabels.err());

    Captured tauOnGnmax = Captured.run("plan", "--epsilon", "1", "--mechanism", "gnmax",
        "--tau", "1");
    assertEquals(2, tauOnGnmax.exitCode());

    Path notVotes = dir.resolve("two.npy");
    Files.write(notVotes, dev.pate.files.npy.NpyWriter.npy("|u1", false, "(1, 2, 1)",
        new byte[] {0, 2}));
    Captured bad = Captured.run("analyze", "--votes", notVotes.toString(), "--mechanism",
        "binary-voting", "--sigma", "3");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("two.npy") && bad.err().contains("[0, 1, 0]"), bad.err());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
  }
}
