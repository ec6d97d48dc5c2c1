package dev.pate.config;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.pretrain.Pretext;
import dev.pate.student.StudentMethod;
import java.util.Map;

/**
 * The checks of the teachers' settings against each other and the dataset, made when the config
 * loads (before any data is read or any teacher trains), each a one-line problem naming its key.
 */
final class TeacherChecks {
  private TeacherChecks() {}

  static void check(RunConfig config, Map<String, Given> given, Origin file, Problems problems) {
    TeachersConfig teachers = config.teachers();
    // A Spark task rebuilds its teachers from the serialisable TeacherSettings, which hold no
    // pool: it would train them supervised without a word.
    if (teachers.method() == StudentMethod.SELF_TRAINING
        && teachers.executor() != TeacherExecutor.LOCAL) {
      add(given, file, problems, "teachers.method", "self-training trains"
          + " teachers in this process, on the public pool; teachers.executor "
          + teachers.executor().id() + " is not supported with it (use local)");
    }
    if (teachers.pretrain() != Pretext.NONE) {
      String pretrain = teachers.pretrain().id();
      // For the same reason as self-training: a Spark task would start from random weights.
      if (teachers.executor() != TeacherExecutor.LOCAL) {
        add(given, file, problems, "teachers.pretrain", pretrain + " pretrains in this process;"
            + " teachers.executor " + teachers.executor().id() + " is not supported with it"
            + " (use local)");
      }
      if (teachers.network().architecture() != Architecture.CNN) {
        add(given, file, problems, "teachers.pretrain", pretrain + " pretrains convolution"
            + " layers; teachers.network.architecture " + teachers.network().architecture().id()
            + " has none (use cnn, or pretrain: none)");
      }
      if (config.dataset().name() == DatasetName.CSV) {
        add(given, file, problems, "teachers.pretrain", pretrain + " turns images; dataset.name"
            + " csv has table rows (use pretrain: none)");
      }
    }
  }

  /** A problem at the key's line when the file gave it, else at the file. */
  private static void add(Map<String, Given> given, Origin file, Problems problems, String key,
      String message) {
    Given at = given.get(key);
    problems.add(at != null ? at.origin() : file, key, message);
  }
}
