package dev.pate.cli;

import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.TeacherRecord;
import java.util.List;

/**
 * teachers/manifest.json: for each teacher, its partition, seed, size, held-out accuracy and the
 * sha256 of its saved model, plus how the private set was partitioned.
 */
record TeacherManifest(long partitionSeed, int privateExamplesUsed, String privateSet,
    List<TeacherRecord> teachers) {

  static TeacherManifest of(Ensemble ensemble, TeacherPartitions partitions) {
    return new TeacherManifest(partitions.seed(), partitions.examplesUsed(),
        partitions.privateSet().name(), ensemble.records());
  }
}
