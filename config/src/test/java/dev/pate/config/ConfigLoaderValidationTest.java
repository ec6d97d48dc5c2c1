package dev.pate.config;

import static dev.pate.config.Configs.failure;
import static dev.pate.config.Configs.onlyProblem;
import static dev.pate.config.Configs.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.NetworkSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderValidationTest {

  @Test
  void outOfRangeValueNamesFileLineKeyValueAndRange() {
    assertEquals(
        "exp.yaml line 3: aggregator.gamma: -0.1 is not > 0",
        onlyProblem("seed: 3\naggregator:\n  gamma: -0.1\n"));
    assertEquals(
        "exp.yaml line 1: privacy.delta: 1 is not in (0, 1)", onlyProblem("privacy: {delta: 1}"));
    assertEquals(
        "exp.yaml line 1: teachers.count: 0 is not >= 1", onlyProblem("teachers: {count: 0}"));
    assertEquals("exp.yaml line 1: seed: 0 is not >= 1", onlyProblem("seed: 0"));
  }

  @Test
  void malformedYamlGivesLineAndColumn() {
    ConfigException failure = failure("name: x\nteachers:\n  count: 5\n  workers: 2: 3\n");
    assertEquals(
        "exp.yaml line 4, column 13: mapping values are not allowed here", failure.getMessage());
    assertEquals(1, failure.problems().size());
    assertEquals("", failure.problems().get(0).key());
  }

  @Test
  void unterminatedFlowListIsASyntaxError() {
    String message = onlyProblem("name: exp\nteachers:\n  network:\n    dense: [128, 64\n");
    assertTrue(message.startsWith("exp.yaml line 5, column 1: "), message);
  }

  @Test
  void severalDocumentsAreRejected() {
    assertEquals(
        "exp.yaml line 2, column 1: expected a single document in the stream, but found another"
            + " document",
        onlyProblem("seed: 1\n---\nseed: 2\n"));
  }

  @Test
  void unknownKeySuggestsTheClosestSibling() {
    assertEquals(
        "exp.yaml line 2: aggregator.gama: unknown key; did you mean aggregator.gamma?",
        onlyProblem("aggregator:\n  gama: 0.1\n"));
    assertEquals(
        "exp.yaml line 1: teacher: unknown key; did you mean teachers?",
        onlyProblem("teacher:\n  count: 10\n"));
  }

  @Test
  void unknownKeyInTheWrongSectionPointsToTheRightOne() {
    assertEquals(
        "exp.yaml line 2: teachers.gamma: unknown key here; did you mean aggregator.gamma?",
        onlyProblem("teachers:\n  gamma: 0.1\n"));
    assertEquals(
        "exp.yaml line 1: epochs: unknown key here; did you mean teachers.network.epochs or"
            + " teachers.pretraining.epochs or student.network.epochs or baseline.epochs?",
        onlyProblem("epochs: 3"));
  }

  @Test
  void unknownKeyWithoutACloseMatchListsTheAllowedKeys() {
    assertEquals(
        "exp.yaml line 1: privacy.allowance: unknown key; allowed in privacy: delta, orders,"
            + " conversion, budget, dataset_budget, release, release_plan, release_teacher_accuracy,"
            + " release_order, release_beta, release_sigma, groups",
        onlyProblem("privacy: {allowance: 3}"));
  }

  @Test
  void badTypesSayWhatWasExpected() {
    assertEquals(
        "exp.yaml line 1: teachers.count: 'ten' is not an integer >= 1",
        onlyProblem("teachers: {count: ten}"));
    assertEquals(
        "exp.yaml line 1: teachers.count: 2.5 is not an integer >= 1",
        onlyProblem("teachers: {count: 2.5}"));
    assertEquals(
        "exp.yaml line 1: aggregator.sigma: 'big' is not a number > 0",
        onlyProblem("aggregator: {sigma: big}"));
    assertEquals(
        "exp.yaml line 1: aggregator.sigma: [1, 2] is not a number > 0",
        onlyProblem("aggregator: {sigma: [1, 2]}"));
    assertEquals(
        "exp.yaml line 1: teachers.network.dense: 128 is not a list of 0 to 8 integers, each >= 1"
            + " (write lists like [1, 2])",
        onlyProblem("teachers: {network: {dense: 128}}"));
  }

  @Test
  void numbersMustBeFiniteAndDecimal() {
    assertEquals(
        "exp.yaml line 1: aggregator.gamma: .inf is not a finite decimal number",
        onlyProblem("aggregator: {gamma: .inf}"));
    assertEquals(
        "exp.yaml line 1: aggregator.gamma: 1e999 is too large to be a finite number",
        onlyProblem("aggregator: {gamma: 1e999}"));
    // YAML 1.1 would read 010 as octal 8: refuse rather than surprise.
    assertEquals("exp.yaml line 1: seed: 010 is not a decimal integer", onlyProblem("seed: 010"));
    assertEquals(
        "exp.yaml line 1: teachers.count: 99999999999 is too large for an integer >= 1",
        onlyProblem("teachers: {count: 99999999999}"));
    // A quoted number is a string.
    assertEquals(
        "exp.yaml line 1: aggregator.gamma: '0.1' is not a number > 0",
        onlyProblem("aggregator: {gamma: '0.1'}"));
  }

  @Test
  void badChoiceListsTheChoicesAndSuggestsOne() {
    assertEquals(
        "exp.yaml line 1: aggregator.mechanism: 'confident_gnmax' is not one of lnmax, gnmax,"
            + " confident-gnmax; did you mean confident-gnmax?",
        onlyProblem("aggregator: {mechanism: confident_gnmax}"));
    assertEquals(
        "exp.yaml line 1: aggregator.randomness: 'random' is not one of secure, seeded",
        onlyProblem("aggregator: {randomness: random}"));
    // The randomness source moved from aggregator.noise to aggregator.randomness.
    assertEquals(
        "exp.yaml line 1: aggregator.noise: 'seeded' is not one of fixed, auto; the randomness"
            + " source is now aggregator.randomness (secure or seeded)",
        onlyProblem("aggregator: {noise: seeded}"));
  }

  @Test
  void listEntriesAreCheckedOneByOneWithTheirLines() {
    List<String> problems =
        problems("teachers:\n  network:\n    conv_filters:\n      - 16\n      - 0\n      - x\n");
    assertEquals(
        List.of(
            "exp.yaml line 5: teachers.network.conv_filters[1]: 0 is not >= 1",
            "exp.yaml line 6: teachers.network.conv_filters[2]: 'x' is not an integer >= 1"),
        problems);
    assertEquals(
        "exp.yaml line 1: teachers.network.conv_filters: [8, 8, 8, 8, 8] has 5 entries; allowed:"
            + " 1 to 4 entries, each >= 1",
        onlyProblem("teachers: {network: {conv_filters: [8, 8, 8, 8, 8]}}"));
    assertEquals(
        "exp.yaml line 1: privacy.orders: [] has 0 entries; allowed: non-empty, each > 1",
        onlyProblem("privacy: {orders: []}"));
    assertEquals(
        "exp.yaml line 1: privacy.orders[0]: null is not a number > 1",
        onlyProblem("privacy: {orders: [null, 2]}"));
  }

  @Test
  void keywordOrListExplainsBothForms() {
    assertEquals(
        "exp.yaml line 1: privacy.orders: 'defualt' is not default or a non-empty list of"
            + " numbers, each > 1",
        onlyProblem("privacy: {orders: defualt}"));
    assertEquals(
        "exp.yaml line 1: privacy.orders[1]: 1 is not > 1",
        onlyProblem("privacy: {orders: [2, 1]}"));
  }

  @Test
  void customCheckIsNamed() {
    assertEquals(
        "exp.yaml line 1: student.network.kernel: 4 is not odd",
        onlyProblem("student: {network: {kernel: 4}}"));
    assertEquals(
        "exp.yaml line 1: student.network.kernel: 11 is not in [1, 9]",
        onlyProblem("student: {network: {kernel: 11}}"));
  }

  @Test
  void missingRequiredMechanismParameter() {
    assertEquals(
        "exp.yaml line 3: aggregator.sigma: null is not a number > 0 (required when"
            + " aggregator.mechanism is gnmax)",
        onlyProblem("aggregator:\n  mechanism: gnmax\n  sigma: null\n"));
    // The same null is fine when the mechanism does not use it.
    assertTrue(
        Configs.load("aggregator:\n  mechanism: lnmax\n  sigma: ~\n")
            .aggregator()
            .sigma()
            .isEmpty());
  }

  @Test
  void nullForAKeyWithoutNoneIsRejected() {
    assertEquals(
        "exp.yaml line 2: teachers.workers: null is not an integer >= 1",
        onlyProblem("teachers:\n  workers:\n"));
  }

  @Test
  void duplicateKeyGivesBothLines() {
    assertEquals(
        "exp.yaml line 4: teachers.count: duplicate key (first at line 2)",
        onlyProblem("teachers:\n  count: 10\n  workers: 1\n  count: 20\n"));
    assertEquals(
        "exp.yaml line 3: teachers: duplicate key (first at line 1)",
        onlyProblem("teachers: {count: 10}\nseed: 2\nteachers: {count: 20}\n"));
  }

  @Test
  void sectionsMustBeMappings() {
    assertEquals(
        "exp.yaml line 1: teachers: 5 is not a mapping; teachers holds keys count, workers,"
            + " threads_per_worker, network, augment, engine, executor, spark, method,"
            + " self_training, pretrain, pretraining",
        onlyProblem("teachers: 5"));
    ConfigException list = assertThrows(ConfigException.class,
        () -> ConfigLoader.parse("- a\n- b\n", Configs.SOURCE, List.of()));
    assertTrue(list.problems().get(0).toString()
        .startsWith("exp.yaml line 1: ['a', 'b'] is not a mapping"), list.getMessage());
  }

  @Test
  void queriesMustFitInTheQueryPool() {
    assertEquals(
        "exp.yaml line 1: aggregator.queries: 500 is not <= dataset.query_pool (400): queries are"
            + " examples of the query pool",
        onlyProblem("aggregator: {queries: 500}\ndataset: {query_pool: 400}"));
    // When only the pool was set, the pool is what the user has to change.
    assertEquals(
        "exp.yaml line 1: dataset.query_pool: 50 is less than aggregator.queries (100, the"
            + " default): queries are examples of the query pool",
        onlyProblem("dataset: {query_pool: 50}"));
    Configs.load("aggregator: {queries: 400}\ndataset: {query_pool: 400}");
  }

  @Test
  void everyTeacherNeedsAPrivateExample() {
    assertEquals(
        "exp.yaml line 1: teachers.count: 300 is not <= dataset.private_limit (200): every teacher"
            + " needs at least one private example",
        onlyProblem("teachers: {count: 300}\ndataset: {private_limit: 200}"));
  }

  @Test
  void severalProblemsAreReportedAtOnceInFileOrder() {
    ConfigException failure =
        failure(
            "aggregator:\n  mechanism: gnmax\n  sigma: 0\nteachers:\n  count: -3\n  wrkers: 2\n"
                + "privacy:\n  delta: 2\n");
    assertEquals(
        List.of(
            "exp.yaml line 3: aggregator.sigma: 0 is not > 0",
            "exp.yaml line 5: teachers.count: -3 is not >= 1",
            "exp.yaml line 6: teachers.wrkers: unknown key; did you mean teachers.workers?",
            "exp.yaml line 8: privacy.delta: 2 is not in (0, 1)"),
        failure.problems().stream().map(ConfigProblem::toString).toList());
    assertEquals(
        "4 problems in exp.yaml:\n"
            + "  exp.yaml line 3: aggregator.sigma: 0 is not > 0\n"
            + "  exp.yaml line 5: teachers.count: -3 is not >= 1\n"
            + "  exp.yaml line 6: teachers.wrkers: unknown key; did you mean teachers.workers?\n"
            + "  exp.yaml line 8: privacy.delta: 2 is not in (0, 1)",
        failure.getMessage());
    assertEquals("exp.yaml", failure.source());
  }

  @Test
  void fileCrossSectionAndOverrideProblemsAreReportedTogether() {
    assertEquals(
        List.of(
            "exp.yaml line 2: aggregator.gamma: 0 is not > 0",
            "exp.yaml line 3: aggregator.queries: 500 is not <= dataset.query_pool (100): queries"
                + " are examples of the query pool",
            // Override paths are checked as they are applied, their values with the file's.
            "override: student.trian: unknown key; did you mean student.train?",
            "override: teachers.count: 'many' is not an integer >= 1"),
        problems(
            "aggregator:\n  gamma: 0\n  queries: 500\ndataset: {query_pool: 100}\n",
            "teachers.count=many",
            "student.trian=false"));
  }

  @Test
  void booleansAreTrueOrFalseOnly() {
    assertEquals(false, Configs.load("student: {train: false}").student().train());
    assertEquals(true, Configs.load("").student().train());
    assertEquals(
        "exp.yaml line 1: student.train: yes is not true or false",
        onlyProblem("student: {train: yes}"));
    assertEquals(
        "exp.yaml line 1: student.train: 0 is not true or false",
        onlyProblem("student: {train: 0}"));
  }

  @Test
  void aSweepSectionIsForPateSweep() {
    assertEquals(
        "exp.yaml line 2: sweep: a sweep section makes this file a study; run it with: pate sweep"
            + " exp.yaml",
        onlyProblem("seed: 2\nsweep:\n  aggregator.gamma: [0.1, 0.2]\n"));
  }

  @Test
  void unsafeYamlIsRefused() {
    assertTrue(
        onlyProblem("name: !!javax.script.ScriptEngineManager [x]")
            .contains("Global tag is not allowed"));
    assertEquals(
        "exp.yaml line 4: student.network.<<: merge keys are not supported; write the keys out",
        onlyProblem(
            "teachers:\n  network: &n {epochs: 3}\nstudent:\n  network: {<<: *n, epochs: 4}\n"));
    String bomb =
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
            + "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
            + "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
    assertTrue(onlyProblem(bomb).contains("aliases"), onlyProblem(bomb));
  }

  @Test
  void anchorsWithinLimitsWork() {
    RunConfig config =
        Configs.load(
            "teachers:\n"
                + "  network: &net {architecture: mlp, dense: [64]}\n"
                + "student:\n"
                + "  network: *net\n");
    NetworkSettings teacher = config.teachers().network();
    NetworkSettings student = config.student().network();
    assertEquals(Architecture.MLP, student.architecture());
    assertEquals(List.of(64), student.dense());
    // The anchor shares what it says; the rest are each block's own defaults.
    assertEquals(15, teacher.epochs());
    assertEquals(30, student.epochs());
  }

  @Test
  void fileProblemsNameTheFile(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nope.yaml");
    ConfigException notFound =
        assertThrows(ConfigException.class, () -> ConfigLoader.load(missing, List.of()));
    assertEquals(missing + ": no such file", notFound.getMessage());

    Path latin1 = dir.resolve("latin1.yaml");
    Files.write(latin1, "name: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    ConfigException notUtf8 =
        assertThrows(ConfigException.class, () -> ConfigLoader.load(latin1, List.of()));
    assertEquals(latin1 + ": is not UTF-8 text", notUtf8.getMessage());
  }
}
