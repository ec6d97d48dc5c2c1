package dev.pate.config;

import dev.pate.student.StudentMethod;
import java.util.Map;

/**
 * The checks of the teachers' settings against each other, made when the config loads (before any
 * data is read or any teacher trains), each a one-line problem naming its key.
 */
final class TeacherChecks {
  private TeacherChecks() {}

  static void check(TeachersConfig teachers, Map<String, Given> given, Origin file,
      Problems problems) {
    // A Spark task rebuilds its teachers from the serialisable TeacherSettings, which hold no
    // pool: it would train them supervised without a word.
    if (teachers.method() == StudentMethod.SELF_TRAINING
        && teachers.executor() != TeacherExecutor.LOCAL) {
      Given at = given.get("teachers.method");
      problems.add(at != null ? at.origin() : file, "teachers.method", "self-training trains"
          + " teachers in this process, on the public pool; teachers.executor "
          + teachers.executor().id() + " is not supported with it (use local)");
    }
  }
}
