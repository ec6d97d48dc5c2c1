package dev.pate.pipeline.backend;

import dev.pate.files.UserError;
import java.util.ServiceLoader;

/** The backend of an executor's settings ({@code teachers.executor}). */
public final class TeacherBackends {
  private static final TeacherBackend LOCAL = new LocalBackend();

  private TeacherBackends() {}

  /** Teachers trained in this JVM: what {@code teachers.executor: local} uses. */
  public static TeacherBackend local() {
    return LOCAL;
  }

  /**
   * The backend of {@code executor}: local, or the one a {@link TeacherBackend.Provider} on the
   * class path makes for it.
   *
   * @throws UserError if no provider serves the executor (its module is not on the class path)
   */
  public static TeacherBackend of(ExecutorSettings executor) {
    if (executor instanceof ExecutorSettings.Local) {
      return LOCAL;
    }
    String id = executor.id();
    for (TeacherBackend.Provider provider : ServiceLoader.load(TeacherBackend.Provider.class)) {
      if (provider.executor().equals(id)) {
        return provider.create(executor);
      }
    }
    throw new UserError("teachers.executor: " + id + " needs pate's " + id + " module on the"
        + " class path (./pate adds " + id + "/target/ once built: mvn -B -DskipTests package"
        + " builds it)");
  }
}
