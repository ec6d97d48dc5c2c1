package dev.pate.pipeline.report;

import dev.pate.pipeline.output.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code pate run --json}: the console summary for programs. The headline is the summary's one
 * epsilon (the guarantee, or the released data-dependent figure) with what it is; the report is
 * report.json as written, its {@code private} objects included: like the console's private part,
 * for the data owner only.
 */
public final class SummaryJson {
  private SummaryJson() {}

  /** The headline epsilon and what it is. */
  public record Headline(String kind, double epsilon, double delta, double guarantee,
      boolean guaranteeHolds, boolean weak) {}

  public static String of(RunReport r) {
    var p = r.privacy();
    boolean released = p.dataDependentRelease() != null;
    double epsilon = released
        ? ((Number) p.dataDependentRelease().get("epsilon_released")).doubleValue()
        : p.epsilonDataIndependent();
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("run_folder", r.runFolder());
    summary.put("headline", new Headline(released ? "data-dependent, released" : "guarantee",
        epsilon, p.delta(), p.epsilonDataIndependent(), p.guaranteeHolds(),
        PrivacyInWords.weak(p.epsilonDataIndependent())));
    summary.put("report", r);
    return Json.write(summary);
  }
}
