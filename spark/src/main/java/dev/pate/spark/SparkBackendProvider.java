package dev.pate.spark;

import dev.pate.config.RunConfig;
import dev.pate.config.TeacherExecutor;
import dev.pate.pipeline.backend.TeacherBackend;

/** Makes the spark backend; listed in META-INF/services, so the pipeline finds it at run time. */
public final class SparkBackendProvider implements TeacherBackend.Provider {

  @Override
  public TeacherExecutor executor() {
    return TeacherExecutor.SPARK;
  }

  @Override
  public TeacherBackend create(RunConfig config) {
    return new SparkBackend(config);
  }
}
