package dev.pate.pipeline.report;

import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.pipeline.cache.CachedEnsemble;
import java.util.List;

/**
 * teachers/manifest.json: for each teacher, its partition, seed, size, held-out accuracy and the
 * sha256 of its saved model, plus how the private set was partitioned and where in the teacher
 * cache the models are (and whether this run trained them or reused them).
 *
 * @param cacheFolder the cached ensemble's folder, which holds the models
 * @param cacheKey the cached ensemble's key (its folder name)
 * @param teachersTrained teachers this run trained; the others were reused from the cache
 */
public record TeacherManifest(long partitionSeed, int privateExamplesUsed, String privateSet,
    String cacheFolder, String cacheKey, int teachersTrained, List<TeacherRecord> teachers) {

  public static TeacherManifest of(CachedEnsemble ensemble, TeacherPartitions partitions) {
    return new TeacherManifest(partitions.seed(), partitions.examplesUsed(),
        partitions.privateSet().name(), ensemble.folder().toString(), ensemble.key().hash(),
        ensemble.provenance().teachersTrained(), ensemble.records());
  }
}
