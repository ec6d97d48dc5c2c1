package dev.pate.pipeline.settings;

import static java.util.Objects.requireNonNull;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.config.ConfigLoader;
import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSource;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every setting of a run built in Java, and their one translation into the run's {@link
 * RunConfig}: the record of what was asked, which the run folder's config.yaml echoes, the teacher
 * cache keys and the report states, exactly as if a YAML file had said it. The translation writes
 * each setting as its config key and loads them with {@link ConfigLoader#fromSettings}, so a run
 * built in Java gets every default and cross-section check a file gets.
 *
 * @param name the run's name, its folder under the output directory
 * @param seed seed of partitions, weight initialisation and query selection, >= 1
 * @param data built-in data; your own data sets are handed to the pipeline directly
 * @param teachers the teacher ensemble
 * @param mechanism the noisy aggregation and its noise
 * @param queries pool examples asked to the teachers, >= 1
 * @param privacy accounting and budget
 * @param student the built-in student; empty: none is trained by the built-in trainers
 * @param output where the run writes
 */
public record RunSettings(String name, long seed, DataSettings data, TeacherSettings teachers,
    Mechanism mechanism, int queries, PrivacySettings privacy, Optional<StudentSettings> student,
    OutputSettings output) {

  /** Checks for nulls and the counts; the config load checks the rest like a file. */
  public RunSettings {
    requireNonNull(name, "name");
    if (seed < 1) {
      throw new IllegalArgumentException("seed: " + seed + " is not >= 1 (ND4J treats seed 0 as"
          + " non-deterministic)");
    }
    requireNonNull(data, "data");
    requireNonNull(teachers, "teachers");
    requireNonNull(mechanism, "mechanism");
    if (queries < 1) {
      throw new IllegalArgumentException("queries: " + queries + " is not >= 1");
    }
    requireNonNull(privacy, "privacy");
    requireNonNull(student, "student");
    requireNonNull(output, "output");
  }

  /** The run's config: these settings, every other key at its default, checked like a file. */
  public RunConfig toConfig() {
    return ConfigLoader.fromSettings("PatePipeline.builder()", keys());
  }

  /** These settings as {@code key.path=value}, in the order of the config's blocks. */
  List<String> keys() {
    List<String> keys = new ArrayList<>();
    keys.add("name=" + quoted(name));
    keys.add("seed=" + seed);
    data.builtIn().ifPresent(n -> keys.add("dataset.name=" + quoted(n)));
    keys.add("dataset.query_pool=" + data.queryPool());
    data.privateLimit().ifPresent(l -> keys.add("dataset.private_limit=" + l));
    data.dataDir().ifPresent(d -> keys.add("dataset.data_dir=" + quoted(d.toString())));
    keys.add("teachers.count=" + teachers.count());
    keys.add("teachers.workers=" + teachers.workers());
    keys.add("teachers.threads_per_worker=" + teachers.threadsPerWorker());
    keys.add("teachers.augment=" + ids(teachers.augment()));
    network("teachers.network.", teachers.network(), keys);
    mechanism(keys);
    keys.add("aggregator.queries=" + queries);
    keys.add("privacy.delta=" + privacy.delta());
    privacy.orders().ifPresent(o -> keys.add("privacy.orders=" + Arrays.stream(o.toArray())
        .mapToObj(Double::toString).collect(Collectors.joining(", ", "[", "]"))));
    keys.add("privacy.conversion=" + privacy.conversion().id());
    privacy.budgetEpsilon().ifPresent(e -> keys.add("privacy.budget.epsilon=" + e));
    privacy.groups().ifPresent(g -> groups(g, keys));
    keys.add("student.train=" + student.isPresent());
    student.ifPresent(s -> student(s, keys));
    keys.add("output.dir=" + quoted(output.dir().toString()));
    keys.add("output.release=" + output.release());
    return keys;
  }

  /**
   * The aggregator keys of the mechanism: the one place the Java API names the mechanisms'
   * parameters by their config keys.
   */
  private void mechanism(List<String> keys) {
    // A mechanism's id and parameter names are its config keys' values and names (Mechanism.Kind).
    keys.add("aggregator.mechanism=" + mechanism.id());
    mechanism.parameters().forEach((name, value) -> keys.add("aggregator." + name + "=" + value));
  }


  /** The {@code privacy.groups} keys of {@code groups}, as YAML flow values. */
  private static void groups(GroupSettings groups, List<String> keys) {
    keys.add("privacy.groups.method=" + groups.method().id());
    GroupSource source = groups.source();
    if (source instanceof GroupSource.Column c) {
      keys.add("privacy.groups.source.column=" + quoted(c.column()));
    } else if (source instanceof GroupSource.RecordFile f) {
      keys.add("privacy.groups.source.file=" + quoted(f.file().toString()));
    } else if (source instanceof GroupSource.Folders f) {
      keys.add("privacy.groups.source.folders=" + flow(f.groupOfFolder(), RunSettings::quoted));
    } else if (source instanceof GroupSource.Draw d) {
      keys.add("privacy.groups.source.draw=" + flow(d.proportions(), String::valueOf));
    }
    Map<String, String> budgets = new LinkedHashMap<>();
    groups.groups().forEach(g -> budgets.put(g.name(), "{epsilon: " + g.epsilon() + ", delta: "
        + g.delta() + "}"));
    keys.add("privacy.groups.budgets=" + flow(budgets, v -> v));
    if (groups.method() == GroupPartitioning.WEIGHTING) {
      Map<String, Integer> teachers = new LinkedHashMap<>();
      groups.groups().forEach(g -> teachers.put(g.name(), g.teachers().getAsInt()));
      keys.add("privacy.groups.teachers=" + flow(teachers, String::valueOf));
    }
  }

  /** A YAML flow mapping of quoted names to values written by {@code value}. */
  private static <V> String flow(Map<String, V> map,
      java.util.function.Function<V, String> value) {
    return map.entrySet().stream().map(e -> quoted(e.getKey()) + ": " + value.apply(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static void student(StudentSettings s, List<String> keys) {
    keys.add("student.method=" + s.method().id());
    network("student.network.", s.network(), keys);
    keys.add("student.augment=" + ids(s.augment()));
    SelfTrainingSettings self = s.selfTraining();
    keys.add("student.self_training.confidence=" + self.confidence());
    keys.add("student.self_training.warmup_epochs=" + self.warmupEpochs());
    keys.add("student.self_training.unlabelled_ratio=" + self.unlabelledRatio());
    keys.add("student.self_training.strong_augment=" + ids(self.strongAugment()));
    keys.add("student.self_training.ema_decay=" + self.emaDecay());
    keys.add("student.self_training.alignment=" + self.alignment().id());
    keys.add("student.self_training.restarts=" + self.restarts());
    keys.add("student.self_training.restart_prior=" + self.restartPrior().id());
    keys.add("student.ensemble=" + s.ensemble());
  }

  private static void network(String prefix, NetworkSettings n, List<String> keys) {
    keys.add(prefix + "architecture=" + n.architecture().id());
    if (n.architecture() == Architecture.CNN) {
      keys.add(prefix + "conv_filters=" + n.convFilters());
      keys.add(prefix + "kernel=" + n.kernel().getAsInt());
    }
    keys.add(prefix + "dense=" + n.dense());
    keys.add(prefix + "dropout=" + n.dropout());
    keys.add(prefix + "epochs=" + n.epochs());
    keys.add(prefix + "batch_size=" + n.batchSize());
    keys.add(prefix + "learning_rate=" + n.learningRate());
    keys.add(prefix + "learning_rate_schedule=" + n.learningRateSchedule().id());
    keys.add(prefix + "l2=" + n.l2());
  }

  private static String ids(List<Augmentation> augment) {
    return augment.stream().map(Augmentation::id).collect(Collectors.joining(", ", "[", "]"));
  }

  /** A YAML single-quoted scalar: the text as it is, whatever characters it holds. */
  private static String quoted(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
