package dev.pate.pipeline.report;

import dev.pate.datasets.split.Partitions;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.pipeline.cache.CachedEnsemble;
import java.util.List;

/**
 * teachers/manifest.json: for each teacher, its partition, seed, size, held-out accuracy and the
 * sha256 of its saved model, plus how the private set was partitioned and where in the teacher
 * cache the models are (and whether this run trained them or reused them).
 *
 * @param privateSet the private set's name
 * @param privateData the private data's content hash and files, as in report.json's {@code
 *     provenance.private}: written here, before any answer is charged, so that {@code pate ledger}
 *     can tell which records an unfinished run's charges are for
 * @param cacheFolder the cached ensemble's folder, which holds the models
 * @param cacheKey the cached ensemble's key (its folder name)
 * @param teachersTrained teachers this run trained; the others were reused from the cache
 */
public record TeacherManifest(long partitionSeed, int privateExamplesUsed, String privateSet,
    Provenance.Private privateData, String cacheFolder, String cacheKey, int teachersTrained,
    List<TeacherRecord> teachers) {

  public static TeacherManifest of(CachedEnsemble ensemble, Partitions partitions,
      Provenance.Private privateData) {
    return new TeacherManifest(partitions.seed(), partitions.examplesUsed(),
        partitions.privateSet().name(), privateData, ensemble.folder().toString(),
        ensemble.key().hash(), ensemble.provenance().teachersTrained(), ensemble.records());
  }
}
