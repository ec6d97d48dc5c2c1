package dev.pate.pipeline.multilabel;

import dev.pate.config.BaselineConfig;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.files.Sha256;
import dev.pate.pipeline.baseline.CeilingStore;
import dev.pate.pipeline.cache.CachedMultiLabelEnsemble;
import dev.pate.pipeline.progress.Stopwatch;
import dev.pate.student.multilabel.MultiLabelMetrics;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The yardstick of {@code baseline.non_private} for a multi-label run: the run's student (its
 * network, with the epochs and batch size of {@code baseline} where given, and the same pool
 * pseudo-labels if it uses them) trained on the true label sets of the same query canvases instead
 * of the released answers, scored on the same held-out canvases. It is what perfect answers would
 * buy; the PATE setting has no true labels for its queries, so it is not private, never saved,
 * and reported only in report.json's {@code private.non_private_ceiling}, labelled as such.
 *
 * <p>It is kept beside the teachers in the cache (as single-label ceilings are, {@link
 * CeilingStore}), keyed by the ensemble's key (seed, canvas settings and their content), the
 * query positions, the student network, the pool confidence and the baseline's epochs and batch
 * size, so the runs of a study that share them train it once.
 *
 * @param privacy always says that this model is not private
 * @param trainingExamples query canvases it trained on, with their true label sets
 * @param heldOut its scores on the held-out canvases ({@code MultiLabelMetrics} keys)
 * @param seconds the training that made it
 */
public record MultiLabelCeiling(String privacy, String architecture, int trainingExamples,
    Map<String, Object> heldOut, double seconds) {

  /** Bumped whenever what the ceiling trains on or how it is trained changes meaning. */
  static final String FORMAT = "pate-multilabel-ceiling-1";

  static final String NOT_PRIVATE = "NOT private: the student trained on the true label sets of"
      + " its query canvases instead of the released answers, for comparison only; the model is"
      + " not saved";

  /**
   * The ceiling of these inputs: from the ensemble's folder if a run stored it, else trained and
   * stored there.
   *
   * @param queries the query canvases' positions in the pool
   * @param seed the run's seed (the ceiling's derives from it)
   * @return the ceiling and whether it was reused
   */
  static Stored obtain(CachedMultiLabelEnsemble ensemble, NetworkSettings student,
      BaselineConfig baseline, OptionalDouble poolConfidence, MultiLabelData data, int[] queries,
      long seed) {
    NetworkSettings network = student.toBuilder()
        .epochs(baseline.epochs().orElse(student.epochs()))
        .batchSize(baseline.batchSize().orElse(student.batchSize())).build();
    String key = FORMAT + "\nensemble: " + ensemble.key().hash() + "\nstudent: " + network
        + "\npool_confidence: " + poolConfidence + "\nqueries: " + digest(queries) + "\n";
    var stored = CeilingStore.stored(ensemble.folder(), key, MultiLabelCeiling.class);
    if (stored.isPresent()) {
      return new Stored(stored.get(), true);
    }
    Stopwatch time = Stopwatch.start();
    MultiLabelExamples pool = data.pool();
    int[] truth = new int[queries.length];
    for (int q = 0; q < queries.length; q++) {
      truth[q] = pool.labelMask(queries[q]);
    }
    MultiLabelStudent trained = MultiLabelStudent.train(network, pool, queries, truth,
        poolConfidence, dev.pate.ensemble.nn.Seeds.derive(seed, "non-private-ceiling", 0));
    MultiLabelExamples heldOut = data.heldOut();
    MultiLabelCeiling ceiling = new MultiLabelCeiling(NOT_PRIVATE,
        network.architecture().name().toLowerCase(java.util.Locale.ROOT), queries.length,
        MultiLabelMetrics.of(heldOut.labels(), trained.network().predict(heldOut),
            heldOut.labelMasks()).toMap(), time.seconds());
    CeilingStore.store(ensemble.folder(), key, ceiling);
    return new Stored(ceiling, false);
  }

  /** A ceiling, and whether it came from the cache. */
  record Stored(MultiLabelCeiling ceiling, boolean reused) {}

  private static String digest(int[] positions) {
    ByteBuffer bytes = ByteBuffer.allocate(Integer.BYTES * positions.length);
    for (int p : positions) {
      bytes.putInt(p);
    }
    return Sha256.of(bytes.array());
  }
}
