package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Mechanism;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StudyLoaderTest {

  private static final String STUDY =
      String.join(
          "\n",
          "seed: 4",
          "teachers:",
          "  count: 5",
          "aggregator:",
          "  gamma: 0.05",
          "sweep:",
          "  teachers.count: [10, 50]",
          "  aggregator.gamma: [0.01, 0.1, 1]",
          "  seeds: [1, 2]",
          "");

  private static Study load(String yaml, String... overrides) {
    return StudyLoader.parse(Configs.named(yaml, "study"), "study.yaml", List.of(overrides));
  }

  private static List<String> problems(String yaml, String... overrides) {
    return assertThrows(ConfigException.class, () -> load(yaml, overrides)).problems().stream()
        .map(ConfigProblem::toString)
        .toList();
  }

  @Test
  void expandsTheGridInFileOrderWithTheLastAxisFastest() {
    Study study = load(STUDY);
    assertEquals("study", study.name());
    assertEquals(List.of("teachers.count", "aggregator.gamma", "seed"), study.sweptKeys());
    assertEquals(List.of(false, false, true), study.axes().stream().map(SweepAxis::repeats).toList());
    assertEquals(List.of("0.01", "0.1", "1"), study.axes().get(1).values());
    assertEquals(12, study.points().size());
    StudyPoint first = study.points().get(0);
    assertEquals(Map.of("teachers.count", "10", "aggregator.gamma", "0.01", "seed", "1"),
        first.coordinates());
    assertEquals("teachers.count=10 aggregator.gamma=0.01 seed=1", first.label());
    StudyPoint second = study.points().get(1);
    assertEquals("2", second.coordinates().get("seed"));
    StudyPoint last = study.points().get(11);
    assertEquals(12, last.index());
    assertEquals(50, last.config().teachers().count());
    assertEquals(1.0, last.config().aggregator().gamma().getAsDouble());
    assertEquals(2, last.config().seed());
  }

  /** A point is exactly the config the file plus overrides would load as a run. */
  @Test
  void everyPointIsAnOrdinaryRunConfig() {
    String base = STUDY.substring(0, STUDY.indexOf("sweep:"));
    for (StudyPoint point : load(STUDY).points()) {
      List<String> overrides =
          point.coordinates().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
      assertEquals(ConfigLoader.parse(Configs.named(base, "study"), "study.yaml", overrides), point.config(), point.label());
    }
  }

  @Test
  void repeatsCountFromTheConfigSeed() {
    Study study = load("seed: 5\nsweep:\n  repeats: 3\n");
    assertEquals(List.of(5L, 6L, 7L), study.points().stream().map(p -> p.config().seed()).toList());
    assertEquals(List.of("seed"), study.sweptKeys());
  }

  @Test
  void aFileWithoutASweepIsOnePoint() {
    Study study = load("teachers: {count: 7}\n");
    assertEquals(1, study.points().size());
    assertEquals(List.of(), study.axes());
    assertEquals("(base)", study.points().get(0).label());
    assertEquals(7, study.first().teachers().count());
  }

  @Test
  void badSweepValuesAreReportedOnceWithTheirLineAlongsideOtherProblems() {
    assertEquals(
        List.of(
            "study.yaml line 2: teachers.network.epochs: 0 is not >= 1",
            "study.yaml line 5: aggregator.gamma: -1 is not > 0",
            "study.yaml line 6: sweep.aggregator.queries: 100 is not a list of values; write [100]"
                + " for one value or [a, b, ...] for several",
            "study.yaml line 7: sweep.teachers.cont: unknown key; did you mean teachers.count?",
            "study.yaml line 8: sweep.seed: repeat over seeds with sweep.seeds: [1, 2, 3] or"
                + " sweep.repeats: 3 (results then average over them)",
            "study.yaml line 9: sweep.repeat: unknown sweep option; did you mean sweep.repeats?",
            "override: sweep.dataset.query_pool: [] has no values; give at least one"),
        problems(
            String.join(
                "\n",
                "teachers:",
                "  network: {epochs: 0}",
                "sweep:",
                "  teachers.count: [3, 4]",
                "  aggregator.gamma: [0.1, -1]",
                "  aggregator.queries: 100",
                "  teachers.cont: [1]",
                "  seed: [1, 2]",
                "  repeat: 2",
                ""),
            "sweep.dataset.query_pool=[]"));
  }

  @Test
  void crossSectionChecksRunPerPoint() {
    assertEquals(
        List.of(
            "study.yaml line 3: teachers.count: 200 is not <= dataset.private_limit (100): every"
                + " teacher needs at least one private example"),
        problems("dataset: {private_limit: 100}\nsweep:\n  teachers.count: [10, 200]\n"));
  }

  @Test
  void sweepOptionsAreChecked() {
    assertEquals(
        List.of(
            "study.yaml line 2: sweep.name: cannot be swept: every point of a study shares its"
                + " name and output folder",
            "study.yaml line 3: sweep.aggregator.gamma: 0.1 is listed twice",
            "study.yaml line 4: sweep.seeds[1]: 0 is not >= 1",
            "study.yaml line 5: sweep.repeats: 2.5 is not an integer >= 1"),
        problems(
            "sweep:\n  name: [a, b]\n  aggregator.gamma: [0.1, 0.2, 0.1]\n  seeds: [1, 0]\n"
                + "  repeats: 2.5\n"));
    assertEquals(
        List.of(
            "study.yaml line 3: sweep.repeats: not together with sweep.seeds; give the seeds or"
                + " how many repeats, not both"),
        problems("sweep:\n  seeds: [1, 2]\n  repeats: 2\n"));
    assertEquals(
        List.of("study.yaml line 1: sweep: 3 is not a mapping; sweep holds key paths with lists of"
            + " values (aggregator.gamma: [0.05, 0.1]), seeds or repeats"),
        problems("sweep: 3\n"));
    // Found by fuzzing: a sweep override without '=' threw StringIndexOutOfBoundsException.
    assertEquals(List.of("override: 'sweep.seeds:' is not key=value, e.g."
        + " sweep.aggregator.gamma=[0.05, 0.1]"), problems(STUDY, "sweep.seeds:"));
  }

  @Test
  void anOverridePinsASweptKeyAndSweepOverridesChangeAxes() {
    Study pinned = load(STUDY, "aggregator.gamma=0.3", "seed=9");
    assertEquals(List.of("teachers.count"), pinned.sweptKeys());
    assertEquals(2, pinned.points().size());
    pinned.points().forEach(p -> assertEquals(0.3, p.config().aggregator().gamma().getAsDouble()));
    pinned.points().forEach(p -> assertEquals(9, p.config().seed()));
    assertEquals(
        List.of("aggregator.gamma: set by an override, so not swept",
            "seed: set by an override, so not repeated"),
        pinned.notes());

    Study changed =
        load(STUDY, "sweep.aggregator.gamma=[0.5]", "sweep.teachers.count=null", "sweep.seeds=[3]",
            "sweep.aggregator.queries=[7, 8]");
    assertEquals(List.of("aggregator.gamma", "aggregator.queries", "seed"), changed.sweptKeys());
    assertEquals(List.of(7, 8),
        changed.points().stream().map(p -> p.config().aggregator().queries()).toList());
    changed.points().forEach(p -> assertEquals(5, p.config().teachers().count()));
  }

  @Test
  void aSweptKeyNoPointUsesIsAnError() {
    assertEquals(
        List.of("study.yaml line 2: sweep.aggregator.sigma: not used by any point (used when"
            + " aggregator.mechanism is gnmax and aggregator.noise is not auto); sweeping it"
            + " changes nothing"),
        problems("sweep:\n  aggregator.sigma: [10, 20]\n"));
  }

  @Test
  void pointsWhereASweptKeyIsUnusedAreRunOnce() {
    Study study =
        load("sweep:\n  aggregator.mechanism: [lnmax, gnmax]\n  aggregator.gamma: [0.1, 0.2]\n");
    assertEquals(3, study.points().size());
    StudyPoint gnmax = study.points().get(2);
    assertEquals(Mechanism.Kind.GNMAX, gnmax.config().aggregator().mechanism());
    assertEquals("-", gnmax.coordinates().get("aggregator.gamma"));
    assertEquals(List.of("0.1", "0.2"), study.axes().get(1).values());
    assertTrue(study.notes().get(0).startsWith("1 grid point(s) repeat another point's config"),
        study.notes().toString());
  }

  @Test
  void tooLargeAGridIsRefusedBeforeExpanding() {
    String yaml = "sweep:\n  aggregator.queries: " + range(1, 101) + "\n  teachers.count: "
        + range(1, 101) + "\n  seeds: [1, 2]\n";
    assertEquals(List.of("study.yaml: sweep: 20000 points; at most 10000 are allowed"),
        problems(yaml));
  }

  private static String range(int from, int to) {
    return java.util.stream.IntStream.range(from, to).mapToObj(Integer::toString).toList()
        .toString();
  }
}
