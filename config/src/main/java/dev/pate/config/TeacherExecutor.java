package dev.pate.config;

/** Where teachers are trained and vote (key {@code teachers.executor}). */
public enum TeacherExecutor implements Choice {
  /** In this JVM, on {@code teachers.workers} threads: needs nothing but pate. */
  LOCAL,

  /**
   * On the executors of an Apache Spark cluster ({@code teachers.spark}), one task per group of
   * teachers; needs pate's spark module on the class path.
   */
  SPARK;
}
