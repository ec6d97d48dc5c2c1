package dev.pate.pipeline.backend;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.Partitions;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The teachers of one ensemble that a backend trains, and where they go.
 *
 * @param teachers the ensemble's settings: a backend that trains elsewhere sends these (they are
 *     {@link java.io.Serializable}) and rebuilds {@code training} from them, so it refuses a
 *     training whose network is not the one they describe
 * @param key the ensemble's key hash: the folder name of its teachers in any cache
 * @param training how each teacher is trained: {@code teachers}' training, or that with a network
 *     given in code
 * @param partitions every teacher's private partition, by teacher index
 * @param evaluation the held-out public examples each teacher's accuracy is measured on
 * @param runSeed the seed the teachers' seeds derive from
 * @param folder the cache folder each model file and record goes to
 * @param finished teachers already saved in {@code folder}, by index: loaded, never retrained
 * @param queries public images the ensemble will be asked first (possibly none): a backend that
 *     trains elsewhere may have them voted on where the teachers are, and answer {@link
 *     EnsembleVotes#votes} for exactly these images without another round trip
 */
public record TeacherJob(TeacherSettings teachers, String key, TeacherTraining training,
    Partitions partitions, Dataset evaluation, long runSeed, Path folder,
    Map<Integer, TeacherRecord> finished, Dataset queries) {

  public TeacherJob {
    Objects.requireNonNull(teachers, "teachers");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(training, "training");
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(evaluation, "evaluation");
    Objects.requireNonNull(folder, "folder");
    finished = Map.copyOf(finished);
    Objects.requireNonNull(queries, "queries");
  }

  /** Classes the teachers vote for. */
  public int numClasses() {
    return partitions.privateSet().numClasses();
  }
}
