package dev.pate.pipeline.cache;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.Partitions;
import dev.pate.files.Sha256;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * What identifies a trained ensemble: everything that decides what its teachers learn and how
 * they were evaluated. Two runs with equal keys would train the very same teachers, so the second
 * reuses the first's.
 *
 * @param hash the folder name: the first 16 hex digits of the sha256 of the rest
 * @param settings the config values that decide the teachers: the seed (teacher seeds derive from
 *     it), every {@code dataset.*} and {@code teachers.*} key except where the data is read from,
 *     how many threads train and which executor trains them (none of these changes a teacher)
 * @param data the sha256 of the private images and the public ones (pool, held-out and the
 *     validation split if there is one)
 * @param partitions the sha256 of every teacher's partition (the private images it trains on)
 */
public record EnsembleKey(String hash, Map<String, String> settings, String data,
    String partitions) {

  /**
   * Bumped whenever what a cached ensemble holds changes meaning. 2: the linear learning-rate
   * schedule really decays (1 trained with DL4J's PolySchedule, which rose to twice the rate).
   * 3: partitions are assigned by position in the private file, not by a shuffle of kept rows.
   * 4: a built-in cnn's first convolution is pate's {@code InputConvolutionLayer} and its ReLUs
   * pate's {@code ReluActivation} (saved teachers name them in their configuration; trained
   * parameters equal DL4J's layer's only to rounding).
   */
  static final String FORMAT = "pate-teachers-4";

  /**
   * The format of multi-label ensembles (one sigmoid per label, trained on label sets): never the
   * key of a single-label ensemble, whatever the settings. 2: as {@link #FORMAT} 4, pate's first
   * convolution and ReLU.
   */
  static final String MULTI_LABEL_FORMAT = "pate-multilabel-teachers-2";

  private static final Set<String> NOT_DECIDING = Set.of("dataset.data_dir", "teachers.workers",
      "teachers.threads_per_worker", "teachers.executor");

  /** Sections of keys that decide where teachers train, never what they learn. */
  private static final String NOT_DECIDING_SECTION = "teachers.spark.";

  /**
   * Keys added to the teachers' settings after ensembles were cached under this format, with the
   * value that means "as before": left out at that value, so that those ensembles keep their keys.
   */
  private static final Map<String, String> LEFT_OUT_AT = Map.of("teachers.augment", "[]",
      "dataset.validation", "0", "teachers.engine", "dl4j", "teachers.method", "supervised",
      "teachers.self_training.alignment", "none", "teachers.self_training.restarts", "1",
      "teachers.self_training.restart_prior", "labels", "teachers.pretrain", "none");

  public EnsembleKey {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /** The key of the ensemble {@code config} trains on these partitions. */
  public static EnsembleKey of(RunConfig config, Partitions partitions, PublicSplit split) {
    return of(config, partitions, split, Optional.empty());
  }

  /**
   * The key of the ensemble {@code config} trains on these partitions, with a network given in
   * code in place of {@code teachers.network}: its identity ({@code NetworkSpec.identity}) takes
   * the place of those keys.
   */
  public static EnsembleKey of(RunConfig config, Partitions partitions, PublicSplit split,
      Optional<String> customNetwork) {
    return of(config, partitions, split, customNetwork, Optional.empty());
  }

  /**
   * As {@link #of(RunConfig, Partitions, PublicSplit, Optional)} for a run with privacy groups:
   * its {@code privacy.groups} keys (method, source, budgets, which decide the multipliers, and
   * teacher counts) and the digest of every example's group ({@code membership}, whatever source
   * it was read from: a per-record file's content included) are part of the key.
   */
  public static EnsembleKey of(RunConfig config, Partitions partitions, PublicSplit split,
      Optional<String> customNetwork, Optional<String> membership) {
    Map<String, String> settings = settings(config);
    membership.ifPresent(digest -> settings.put("privacy.groups.membership", digest));
    customNetwork.ifPresent(identity -> {
      settings.keySet().removeIf(key -> key.startsWith("teachers.network."));
      settings.put("teachers.network", identity);
      settings.remove("teachers.engine"); // dl4j: the only engine of networks given in code
    });
    // The validation split only in keys of runs that have one: ensembles cached before it
    // existed keep their keys.
    List<Dataset> sets = split.validation().size() == 0
        ? List.of(partitions.privateSet(), split.pool(), split.holdout())
        : List.of(partitions.privateSet(), split.pool(), split.holdout(), split.validation());
    return of(FORMAT, settings, DataFingerprint.of(sets),
        partitionDigest(partitions.count(), partitions::positions));
  }

  /**
   * The key of the multi-label ensemble {@code config} trains: its settings (as for single-label
   * teachers: the seed, every {@code dataset.*} key, the multi-digit canvas settings included,
   * and every {@code teachers.*} key that changes a teacher), the content of its private images
   * and public ones, and each teacher's positions in the private images. The mechanism, its noise,
   * the budget and the query count are not part of it: they change the answers, never a teacher.
   *
   * @param sets the private images, then the public ones (pool, held-out)
   * @param partitions teacher t's positions in the private images, for every t
   */
  public static EnsembleKey multiLabel(RunConfig config, List<? extends MultiLabelExamples> sets,
      List<int[]> partitions) {
    Map<String, String> settings = settings(config);
    settings.put("teachers.output", "multi-label: one sigmoid per label");
    return of(MULTI_LABEL_FORMAT, settings, DataFingerprint.ofLabelSets(sets),
        partitionDigest(partitions.size(), partitions::get));
  }

  private static EnsembleKey of(String format, Map<String, String> settings, String data,
      String partitionDigest) {
    StringBuilder text = new StringBuilder(format).append('\n');
    settings.forEach((k, v) -> text.append(k).append(": ").append(v).append('\n'));
    text.append("data: ").append(data).append('\n');
    text.append("partitions: ").append(partitionDigest).append('\n');
    return new EnsembleKey(Sha256.of(text.toString()).substring(0, 16), settings, data,
        partitionDigest);
  }

  /**
   * The config values that decide the teachers, in schema order; equal settings on the same data
   * give equal keys (the data and partitions are functions of them).
   */
  public static Map<String, String> settings(RunConfig config) {
    Map<String, String> settings = new LinkedHashMap<>();
    ConfigWriter.values(config).forEach((key, given) -> {
      // The engine that trains them, not the one asked for (auto): multi-label teachers and
      // networks onednn cannot train are DL4J's.
      String value = key.equals("teachers.engine") ? config.teacherEngine().cacheId() : given;
      // privacy.groups only in keys of runs with groups: ensembles cached before keep their keys.
      boolean deciding = key.equals("seed") || key.startsWith("dataset.")
          || key.startsWith("teachers.") || key.startsWith("privacy.groups.")
          && config.privacy().groups().method().isPresent();
      if (deciding && !NOT_DECIDING.contains(key) && !key.startsWith(NOT_DECIDING_SECTION)
          && !value.equals(LEFT_OUT_AT.get(key))) {
        settings.put(key, value);
      }
    });
    return settings;
  }

  private static String partitionDigest(int count, IntFunction<int[]> positionsOf) {
    MessageDigest digest = Sha256.digest();
    for (int t = 0; t < count; t++) {
      int[] positions = positionsOf.apply(t);
      ByteBuffer bytes = ByteBuffer.allocate(Integer.BYTES * (positions.length + 1));
      bytes.putInt(positions.length);
      for (int position : positions) {
        bytes.putInt(position);
      }
      digest.update(bytes.array());
    }
    return Sha256.hex(digest);
  }
}
