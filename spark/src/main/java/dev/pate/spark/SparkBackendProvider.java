package dev.pate.spark;

import dev.pate.pipeline.backend.ExecutorSettings;
import dev.pate.pipeline.backend.TeacherBackend;

/** Makes the spark backend; listed in META-INF/services, so the pipeline finds it at run time. */
public final class SparkBackendProvider implements TeacherBackend.Provider {

  @Override
  public String executor() {
    return "spark";
  }

  @Override
  public TeacherBackend create(ExecutorSettings settings) {
    if (!(settings instanceof ExecutorSettings.Spark spark)) {
      throw new IllegalArgumentException("settings: " + settings + " are not Spark's");
    }
    return new SparkBackend(spark);
  }
}
