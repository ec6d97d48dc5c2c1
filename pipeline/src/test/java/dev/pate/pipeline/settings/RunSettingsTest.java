package dev.pate.pipeline.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.ConfigException;
import dev.pate.config.ConfigLoader;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.student.ClassPrior;
import dev.pate.student.PseudoLabelAlignment;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentSettings;
import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSource;
import dev.pate.datasets.groups.GroupSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A run built in Java is the run a YAML file with the same values describes: the same config
 * record, so the same defaults, echo, cache key and accounting.
 */
class RunSettingsTest {

  @Test
  void defaultSettingsAreTheConfigOfAFileThatSaysOnlyItsMechanism() {
    RunSettings settings = new RunSettings("java-run", 1, DataSettings.builtIn("mnist"),
        TeacherSettings.defaults(), new Mechanism.Gnmax(40), 100, PrivacySettings.defaults(),
        Optional.of(StudentSettings.defaults()), OutputSettings.to(Path.of("runs")));
    assertEquals(ConfigLoader.parse("""
        name: java-run
        aggregator: {mechanism: gnmax, sigma: 40}
        """, "file", List.of()), settings.toConfig());
  }

  @Test
  void everySettingReachesItsKey() {
    NetworkSettings mlp = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(64, 32)
        .dropout(0.1).epochs(3).batchSize(16).learningRate(2e-3)
        .learningRateSchedule(LearningRateSchedule.CONSTANT).l2(1e-4).build();
    TeacherSettings teachers = TeacherSettings.defaults().toBuilder().count(50).workers(3)
        .threadsPerWorker(2).network(mlp).augment(Augmentation.SHIFT, Augmentation.ROTATE)
        .build();
    StudentSettings student = StudentSettings.defaults().withAugment(Augmentation.SHIFT)
        .withSelfTraining(new SelfTrainingSettings(0.9, 1, 2, List.of(Augmentation.CUTOUT),
            0.99, PseudoLabelAlignment.LABELS, 2, ClassPrior.UNIFORM));
    PrivacySettings privacy = PrivacySettings.defaults().withDelta(1e-6)
        .withOrders(Orders.of(2, 8.5, 32)).withConversion(Conversion.CLASSIC).withBudget(2.5);
    RunSettings settings = new RunSettings("a.run_2", 7,
        DataSettings.builtIn("fashion-mnist").withQueryPool(5000).withPrivateLimit(20000)
            .withDataDir(Path.of("/data: mine #1")),
        teachers, new Mechanism.ConfidentGnmax(200, 150, 40), 300, privacy,
        Optional.of(student), new OutputSettings(Path.of("out"), false));
    assertEquals(ConfigLoader.parse("""
        name: a.run_2
        seed: 7
        dataset: {name: fashion-mnist, query_pool: 5000, private_limit: 20000,
                  data_dir: "/data: mine #1"}
        teachers:
          count: 50
          workers: 3
          threads_per_worker: 2
          augment: [shift, rotate]
          network: {architecture: mlp, dense: [64, 32], dropout: 0.1, epochs: 3, batch_size: 16,
                    learning_rate: 0.002, learning_rate_schedule: constant, l2: 0.0001}
        aggregator: {mechanism: confident-gnmax, threshold: 200, sigma1: 150, sigma2: 40,
                     queries: 300}
        privacy: {delta: 1.0e-6, orders: [2, 8.5, 32], conversion: classic,
                  budget: {epsilon: 2.5}}
        student:
          method: self-training
          augment: [shift]
          self_training: {confidence: 0.9, warmup_epochs: 1, unlabelled_ratio: 2,
                          strong_augment: [cutout], ema_decay: 0.99, alignment: labels,
                          restarts: 2, restart_prior: uniform}
        output: {dir: out, release: false}
        """, "file", List.of()), settings.toConfig());
  }

  @Test
  void privacyGroupsReachTheirKeys() {
    GroupSettings weighting = new GroupSettings(GroupPartitioning.WEIGHTING,
        new GroupSource.Draw(Map.of("strict", 0.25, "open 'x'", 0.75)), List.of(
            new GroupSpec("strict", 1.0, 1e-6, OptionalInt.of(100)),
            new GroupSpec("open 'x'", 3.0, 1e-5, OptionalInt.of(150))));
    RunSettings settings = new RunSettings("g", 1, DataSettings.builtIn("mnist"),
        TeacherSettings.defaults(), new Mechanism.Gnmax(40), 100,
        PrivacySettings.defaults().withGroups(weighting), Optional.empty(),
        OutputSettings.to(Path.of("runs")));
    var config = settings.toConfig();
    assertEquals(ConfigLoader.parse("""
        name: g
        aggregator: {mechanism: gnmax, sigma: 40}
        student: {train: false}
        privacy:
          groups:
            method: weighting
            source: {draw: {strict: 0.25, "open 'x'": 0.75}}
            budgets: {strict: {epsilon: 1.0, delta: 1.0e-6}, "open 'x'": {epsilon: 3.0,
                      delta: 1.0e-5}}
            teachers: {strict: 100, "open 'x'": 150}
        """, "file", List.of()).privacy(), config.privacy());
    assertEquals(Optional.of(weighting), config.privacy().groups().settings(1e-5, 250));

    GroupSettings column = new GroupSettings(GroupPartitioning.UPSAMPLING,
        new GroupSource.Column("consent"), List.of(new GroupSpec("a", 1, 1e-5,
            OptionalInt.empty()), new GroupSpec("b", 2, 1e-5, OptionalInt.empty())));
    assertTrue(new RunSettings("g", 1, DataSettings.builtIn("mnist"),
        TeacherSettings.defaults(), new Mechanism.Gnmax(40), 100,
        PrivacySettings.defaults().withGroups(column), Optional.empty(),
        OutputSettings.to(Path.of("runs"))).keys().contains(
            "privacy.groups.source.column='consent'"));
    assertEquals("groups: with privacy groups each group's budget is its own; give no"
        + " budgetEpsilon", assertThrows(IllegalArgumentException.class,
            () -> PrivacySettings.defaults().withBudget(1).withGroups(column)).getMessage());
  }

  @Test
  void noStudentIsAConfigThatTrainsNone() {
    RunSettings settings = new RunSettings("a", 1, DataSettings.builtIn("mnist"),
        TeacherSettings.defaults(), new Mechanism.Lnmax(0.05), 10, PrivacySettings.defaults(),
        Optional.empty(), OutputSettings.to(Path.of("runs")));
    assertEquals(false, settings.toConfig().student().train());
  }

  @Test
  void aCheckOnlyTheWholeRunCanMakeIsTheFilesCheck() {
    RunSettings settings = new RunSettings("a", 1,
        DataSettings.builtIn("mnist").withQueryPool(50), TeacherSettings.defaults(),
        new Mechanism.Gnmax(40), 100, PrivacySettings.defaults(),
        Optional.of(StudentSettings.defaults()), OutputSettings.to(Path.of("runs")));
    ConfigException e = assertThrows(ConfigException.class, settings::toConfig);
    assertTrue(e.getMessage().contains("query_pool"), e.getMessage());
  }

  @Test
  void badValuesAreRefusedWhenMadeNamingTheParameter() {
    assertEquals("count: 0 is not >= 1", assertThrows(IllegalArgumentException.class,
        () -> TeacherSettings.defaults().toBuilder().count(0).build()).getMessage());
    assertEquals("kernel: 4 is not an odd number from 1 to 9",
        assertThrows(IllegalArgumentException.class, () -> NetworkSettings.teacherDefaults()
            .toBuilder().cnn(List.of(8), 4).build()).getMessage());
    assertEquals("delta: 1.0 is not in (0, 1)", assertThrows(IllegalArgumentException.class,
        () -> PrivacySettings.defaults().withDelta(1)).getMessage());
    assertEquals("budgetEpsilon: -1.0 is not a finite number > 0",
        assertThrows(IllegalArgumentException.class,
            () -> PrivacySettings.defaults().withBudget(-1)).getMessage());
    assertEquals("confidence: 1.0 is not in (0, 1)", assertThrows(IllegalArgumentException.class,
        () -> new SelfTrainingSettings(1, 1, 1, List.of(), 0,
            PseudoLabelAlignment.NONE, 1, ClassPrior.LABELS)).getMessage());
    assertEquals("queryPool: 0 is not >= 1", assertThrows(IllegalArgumentException.class,
        () -> DataSettings.builtIn("mnist").withQueryPool(0)).getMessage());
  }

  /** The settings' defaults are the config's: one source of each default. */
  @Test
  void theSettingsDefaultsAreTheFilesDefaults() {
    var file = ConfigLoader.parse("name: a\n", "file", List.of());
    assertEquals(TeacherSettings.defaults(), file.teachers().settings());
    assertEquals(StudentSettings.defaults(), file.student().settings());
    assertEquals(PrivacySettings.defaults().delta(), file.privacy().delta());
    assertEquals(PrivacySettings.defaults().conversion(), file.privacy().conversion());
  }
}
