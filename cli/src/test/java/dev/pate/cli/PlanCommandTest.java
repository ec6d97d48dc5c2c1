package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The planning command, through the command line. */
class PlanCommandTest {
  @Test
  void gnmaxPlanMeetsTheBudgetWithinOnePercent() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      code = Main.execute("plan", "--epsilon", "2", "--delta", "1e-5", "--teachers", "250",
          "--classes", "10", "--queries", "1000", "--mechanism", "gnmax", "--json");
    } finally {
      System.setOut(original);
    }
    assertEquals(0, code);
    JsonNode plan = Json.mapper().readTree(out.toString(StandardCharsets.UTF_8));
    double epsilon = plan.get("epsilon").asDouble();
    assertTrue(epsilon <= 2.0 && epsilon >= 0.99 * 2.0, "epsilon " + epsilon);
    assertTrue(plan.get("sigma").asDouble() > 0);
    assertTrue(plan.get("order").asDouble() > 1);
    assertEquals("improved", plan.get("conversion").asText());
  }

  @Test
  void anUnattainableBudgetIsTheUsersErrorNamingEpsilon() {
    Captured c = Captured.run("plan", "--epsilon", "1e-9", "--mechanism", "gnmax");
    assertEquals(2, c.exitCode(), c.err());
    List<String> lines = c.err().lines().toList();
    assertEquals(1, lines.size(), c.err());
    assertTrue(lines.get(0).startsWith("pate: --epsilon: 1.0E-9 cannot be met"), lines.get(0));
  }
}
