package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html warns of the points whose guarantee is weak (issue 30). */
class HtmlReportTest {
  private static StudyRow row(int point, double epsilon) {
    return new StudyRow(point, "points/00" + point, Map.of(), 1, 10, 0.9, "lnmax", "gamma", 0.1,
        3, 3, null, null, 1e-5, "improved", "secure", epsilon, 8, epsilon / 2, 8,
        new StudyRow.Published(epsilon, StudyRow.GUARANTEE, 1e-5, 8, "improved"), null, null,
        "trained", new StudyRow.Seconds(0, 0, 0, 0, 0));
  }

  @Test
  void pointsAboveEpsilon10AreNamedAsWeak() {
    String html = HtmlReport.of("s", List.of(), List.of(row(1, 2), row(2, 198), row(3, 12)),
        List.of(), Map.of());
    assertTrue(html.contains("WEAK guarantee at 2 of 3 points (epsilon above 10: point 2, 3):"
        + " up to epsilon 198, one record may make any outcome up to about 10^86 times more"
        + " likely"), html);
    String strong = HtmlReport.of("s", List.of(), List.of(row(1, 2), row(2, 8)), List.of(),
        Map.of());
    assertFalse(strong.contains("WEAK"), strong);
  }
}
