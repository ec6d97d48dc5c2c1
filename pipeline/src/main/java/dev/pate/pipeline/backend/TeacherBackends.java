package dev.pate.pipeline.backend;

import dev.pate.config.RunConfig;
import dev.pate.config.TeacherExecutor;
import dev.pate.files.UserError;
import java.util.ServiceLoader;

/** The backend a config's {@code teachers.executor} names. */
public final class TeacherBackends {
  private static final TeacherBackend LOCAL = new LocalBackend();

  private TeacherBackends() {}

  /** Teachers trained in this JVM: what {@code teachers.executor: local} uses. */
  public static TeacherBackend local() {
    return LOCAL;
  }

  /**
   * The backend of {@code config}: local, or the one a {@link TeacherBackend.Provider} on the
   * class path makes for its executor.
   *
   * @throws UserError if no provider serves the executor (its module is not on the class path)
   */
  public static TeacherBackend of(RunConfig config) {
    TeacherExecutor executor = config.teachers().executor();
    if (executor == TeacherExecutor.LOCAL) {
      return LOCAL;
    }
    for (TeacherBackend.Provider provider : ServiceLoader.load(TeacherBackend.Provider.class)) {
      if (provider.executor() == executor) {
        return provider.create(config);
      }
    }
    throw new UserError("teachers.executor: " + executor.id() + " needs pate's " + executor.id()
        + " module on the class path (./pate adds " + executor.id() + "/target/ once built: mvn -B"
        + " -DskipTests package builds it)");
  }
}
