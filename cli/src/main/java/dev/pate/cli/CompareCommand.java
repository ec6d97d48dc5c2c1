package dev.pate.cli;

import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.study.PairedComparison;
import dev.pate.study.ValidationScores;
import dev.pate.study.ValidationScores.Setting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pate compare BASE CHALLENGER}: whether any setting of one study displaces the current
 * choice, measured by another, on validation accuracy paired seed by seed
 * ({@link PairedComparison}). It reads only the studies' results.csv: validation figures, which
 * are the public split's, never the held-out ones.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Pair two studies' points seed by seed and say whether a setting of the"
        + " challenger displaces the base (the current choice): its mean gain in validation"
        + " accuracy must exceed twice the gain's standard error. Reads the studies' results.csv"
        + " only (validation accuracy, never the held-out figures)."},
    footerHeading = HelpExamples.HEADING,
    footer = {"  pate compare runs/frontier-chosen runs/frontier-levers \\",
        "    --base aggregator.queries=200"})
final class CompareCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "BASE",
      description = "The study that measured the current choice (its folder or results.csv).")
  Path base;

  @Parameters(index = "1", paramLabel = "CHALLENGER",
      description = "The study whose settings challenge it (its folder or results.csv); the same"
          + " folder as BASE compares a study's settings with one of its own.")
  Path challenger;

  @Option(names = "--base", paramLabel = "KEY=VALUE",
      description = "Keep only the base's points with this swept value (repeatable); the base"
          + " must come down to one setting.")
  List<String> baseFilters = new ArrayList<>();

  @Option(names = "--challenger", paramLabel = "KEY=VALUE",
      description = "Keep only the challenger's points with this swept value (repeatable).")
  List<String> challengerFilters = new ArrayList<>();

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Override
  public Integer call() {
    ValidationScores baseScores = ValidationScores.read(base, baseFilters);
    if (baseScores.settings().size() > 1) {
      throw new UserError(baseScores.file() + ": " + baseScores.settings().size() + " settings ("
          + baseScores.settings().stream().map(Setting::label).collect(Collectors.joining("; "))
          + "); name the current choice with --base KEY=VALUE");
    }
    Setting choice = baseScores.settings().get(0);
    ValidationScores challengerScores = ValidationScores.read(challenger, challengerFilters);
    boolean sameStudy = challengerScores.file().toAbsolutePath().normalize()
        .equals(baseScores.file().toAbsolutePath().normalize());
    List<PairedComparison> comparisons = challengerScores.settings().stream()
        .filter(s -> !(sameStudy && s.values().equals(choice.values())))
        .map(s -> PairedComparison.of(s.label(), choice.bySeed(), s.bySeed())).toList();
    if (comparisons.isEmpty()) {
      throw new UserError(challengerScores.file() + ": no setting but the base's own to compare");
    }
    Optional<PairedComparison> chosen = PairedComparison.chosen(comparisons);
    if (json) {
      System.out.print(Json.write(asMap(baseScores.file(), choice, challengerScores, comparisons,
          chosen)));
    } else {
      print(baseScores.file(), choice, challengerScores, comparisons, chosen);
    }
    return 0;
  }

  private static void print(Path baseFile, Setting choice, ValidationScores challengers,
      List<PairedComparison> comparisons, Optional<PairedComparison> chosen) {
    System.out.println("base: " + baseFile);
    System.out.println("  " + values(choice.values()));
    System.out.printf(Locale.ROOT, "  seeds %s: validation %s (mean %.4f)%n",
        seeds(choice.bySeed().keySet()), figures(List.copyOf(choice.bySeed().values())),
        mean(choice.bySeed().values()));
    System.out.println("challengers: " + challengers.file()
        + (challengers.common().isEmpty() ? "" : ", each with " + values(challengers.common())));
    for (PairedComparison c : comparisons) {
      System.out.println("  " + c.setting());
      if (c.seeds().isEmpty()) {
        System.out.println("    no seed in common with the base: not compared");
        continue;
      }
      System.out.printf(Locale.ROOT, "    seeds %s: validation %s (mean %.4f against %.4f)%n",
          seeds(c.seeds()), figures(c.challenger()), c.challengerMean(), c.baseMean());
      System.out.printf(Locale.ROOT, "    paired gain %+.4f, 2 SE %s: %s%n", c.gain(),
          c.seeds().size() < 2 ? "unknown (one seed)" : String.format(Locale.ROOT, "%.4f",
              c.twoStandardErrors()),
          c.passes() ? "passes" : "does not pass");
    }
    System.out.println(chosen.map(c -> "chosen: " + c.setting() + " (the largest gain of those"
            + " that pass)")
        .orElse("chosen: the base stays (no gain exceeds twice its standard error)"));
  }

  private static String values(Map<String, String> values) {
    return values.isEmpty() ? "(no swept key but seeds)" : values.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
  }

  private static Map<String, Object> asMap(Path baseFile, Setting choice,
      ValidationScores challengerScores, List<PairedComparison> comparisons,
      Optional<PairedComparison> chosen) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> base = new LinkedHashMap<>();
    base.put("file", baseFile.toString());
    base.put("values", choice.values());
    base.put("validation_by_seed", choice.bySeed());
    out.put("base", base);
    out.put("challenger_file", challengerScores.file().toString());
    out.put("challenger_common", challengerScores.common());
    List<Map<String, Object>> challengers = new ArrayList<>();
    for (PairedComparison c : comparisons) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("setting", c.setting());
      m.put("seeds", c.seeds());
      m.put("base", c.base());
      m.put("challenger", c.challenger());
      m.put("gain", finiteOrNull(c.gain()));
      m.put("two_standard_errors", finiteOrNull(c.twoStandardErrors()));
      m.put("passes", c.passes());
      challengers.add(m);
    }
    out.put("challengers", challengers);
    out.put("chosen", chosen.map(PairedComparison::setting).orElse(null));
    return out;
  }

  private static Double finiteOrNull(double value) {
    return Double.isFinite(value) ? value : null;
  }

  private static String seeds(Collection<Long> seeds) {
    return seeds.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  private static String figures(List<Double> values) {
    return values.stream().map(v -> String.format(Locale.ROOT, "%.4f", v))
        .collect(Collectors.joining(" / "));
  }

  private static double mean(Collection<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
