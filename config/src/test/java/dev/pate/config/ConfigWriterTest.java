package dev.pate.config;

import static dev.pate.config.Configs.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigWriterTest {

  private static final String VARIED =
      String.join(
          "\n",
          "name: '123'",
          "seed: 9007199254740993", // above 2^53: must survive as a long, not a double
          "dataset:",
          "  name: fashion-mnist",
          "  data_dir: ../shared/data",
          "  query_pool: 5000",
          "  private_limit: 30000",
          "teachers:",
          "  count: 50",
          "  network:",
          "    architecture: mlp",
          "    kernel: 3",
          "    dense: [256, 64]",
          "    dropout: 0.3",
          "    learning_rate: 3.0e-4",
          "    l2: 1e-7",
          "aggregator:",
          "  mechanism: confident-gnmax",
          "  gamma: 0.1",
          "  threshold: 123.456",
          "  sigma1: 0.1",
          "  sigma2: 1e3",
          "  queries: 4999",
          "  selection: active",
          "  active_rounds: 3",
          "  randomness: seeded",
          "privacy:",
          "  delta: 1.0e-6",
          "  orders: [1.25, 2, 3.5, 1e4]",
          "  conversion: classic",
          "student:",
          "  network:",
          "    conv_filters: [8]",
          "    kernel: 1",
          "    dense: []",
          "output:",
          "  dir: /tmp/pate runs",
          "");

  @Test
  void defaultsRoundTrip() {
    RunConfig config = load("");
    assertEquals(config, load(ConfigWriter.toYaml(config)));
  }

  @Test
  void variedConfigRoundTrips() {
    RunConfig config = load(VARIED);
    String written = ConfigWriter.toYaml(config);
    RunConfig reloaded = ConfigLoader.parse(written, "config.yaml", List.of());
    assertEquals(config, reloaded);
    assertEquals(9007199254740993L, reloaded.seed());
    assertEquals("123", reloaded.name());
    // Writing is deterministic: the reloaded config writes the same text.
    assertEquals(written, ConfigWriter.toYaml(reloaded));
  }

  @Test
  void writesEveryUsedKeyInDeclarationOrderAndOmitsUnusedOnes() {
    String written = ConfigWriter.toYaml(load(VARIED));
    List<String> keys =
        written.lines().filter(l -> !l.isBlank()).map(l -> l.strip().split(":")[0]).toList();
    assertEquals(
        List.of(
            "name",
            "seed",
            "dataset",
            "name",
            "data_dir",
            "query_pool",
            "validation",
            "private_limit",
            "teachers",
            "count",
            "workers",
            "threads_per_worker",
            "network",
            "architecture",
            "dense",
            "dropout",
            "epochs",
            "batch_size",
            "learning_rate",
            "learning_rate_schedule",
            "l2",
            "augment",
            "engine",
            "executor",
            "method",
            "pretrain",
            "aggregator",
            "mechanism",
            "noise",
            "threshold",
            "sigma1",
            "sigma2",
            "queries",
            "selection",
            "active_rounds",
            "active_epochs",
            "randomness",
            "privacy",
            "delta",
            "orders",
            "conversion",
            "budget",
            "epsilon",
            "delta",
            "dataset_budget",
            "dir",
            "release",
            "groups",
            "method",
            "source",
            "column",
            "file",
            "folders",
            "draw",
            "budgets",
            "teachers",
            "student",
            "train",
            "method",
            "network",
            "architecture",
            "conv_filters",
            "kernel",
            "dense",
            "dropout",
            "epochs",
            "batch_size",
            "learning_rate",
            "learning_rate_schedule",
            "l2",
            "augment",
            "self_training",
            "confidence",
            "warmup_epochs",
            "unlabelled_ratio",
            "strong_augment",
            "ema_decay",
            "alignment",
            "restarts",
            "restart_prior",
            "engine",
            "ensemble",
            "baseline",
            "non_private",
            "epochs",
            "batch_size",
            "output",
            "dir",
            "release"),
        keys);
    assertTrue(written.contains("    dense: [256, 64]\n"), written);
    assertFalse(written.contains("gamma"), written);
  }

  @Test
  void valuesListEveryUsedKeyAsYamlText() {
    java.util.Map<String, String> values = ConfigWriter.values(load(VARIED));
    assertEquals("mlp", values.get("teachers.network.architecture"));
    assertEquals("[256, 64]", values.get("teachers.network.dense"));
    assertEquals("123.456", values.get("aggregator.threshold"));
    assertEquals("null", values.get("privacy.budget.epsilon"));
    assertFalse(values.containsKey("aggregator.gamma"), "unused under confident-gnmax");
    assertFalse(values.containsKey("teachers.network.kernel"), "unused for mlp");
    // Each value, given back as an override, reproduces the config.
    RunConfig config = load(VARIED);
    List<String> overrides =
        values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    assertEquals(config, ConfigLoader.parse("seed: 1 # the overrides give every key\n",
        "exp.yaml", overrides));
  }

  @Test
  void absentOptionalKeysAreWrittenAsNull() {
    String written = ConfigWriter.toYaml(load(""));
    assertTrue(written.contains("  data_dir: null\n"), written);
    assertTrue(written.contains("  private_limit: null\n"), written);
    assertTrue(written.contains("  orders: default\n"), written);
  }

  @Test
  void writesAFile(@TempDir Path dir) throws Exception {
    RunConfig config = load(VARIED);
    // One folder down, so VARIED's relative data_dir (../shared/data) exists beside the file on
    // no machine: a config read from a file resolves a data path beside it when it exists there.
    Path file = Files.createDirectories(dir.resolve("run")).resolve("config.yaml");
    ConfigWriter.write(config, file);
    assertEquals(config, ConfigLoader.load(file, List.of()));
    assertEquals(ConfigWriter.toYaml(config), Files.readString(file));
  }
}
