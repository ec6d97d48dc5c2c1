package dev.pate.pipeline.backend;

import static java.util.Objects.requireNonNull;

import dev.pate.files.DpPreconditions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a run's teachers are trained and vote, and what that place needs to know (the YAML key
 * {@code teachers.executor} and its {@code teachers.spark} block read into this). None of it
 * changes a teacher: each executor trains the same teachers, so none of it is in the teacher
 * cache's key. {@link TeacherBackends#of} finds the backend of each.
 */
public sealed interface ExecutorSettings permits ExecutorSettings.Local, ExecutorSettings.Spark {

  /** The executor's name ({@code teachers.executor}), as its {@link TeacherBackend.Provider} says. */
  String id();

  /** In this JVM, on the teachers' {@code workers} threads: needs nothing but pate. */
  record Local() implements ExecutorSettings {
    @Override
    public String id() {
      return "local";
    }
  }

  /**
   * On the executors of an Apache Spark cluster, one task per group of teachers; needs pate's
   * {@code spark} module on the class path.
   *
   * @param master the Spark master URL: {@code local[N]}, {@code spark://host:7077}, {@code yarn}
   * @param conf further Spark properties, passed to the SparkConf as they are
   * @param sharedDir where tasks write teacher models, a Hadoop file-system URI that the driver
   *     and every executor can read and write; empty: the run's own teacher cache
   * @param teachersPerTask teachers trained by one Spark task; empty: about four tasks per core
   */
  record Spark(String master, Map<String, String> conf, Optional<String> sharedDir,
      OptionalInt teachersPerTask) implements ExecutorSettings {

    /** Checks for nulls and a task of at least one teacher; Spark checks the rest. */
    public Spark {
      requireNonNull(master, "master");
      conf = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(conf, "conf")));
      requireNonNull(sharedDir, "sharedDir");
      requireNonNull(teachersPerTask, "teachersPerTask");
      teachersPerTask.ifPresent(n -> DpPreconditions.checkAtLeast(n, 1, "teachersPerTask"));
    }

    /** A cluster at {@code master} with nothing else given. */
    public static Spark of(String master) {
      return new Spark(master, Map.of(), Optional.empty(), OptionalInt.empty());
    }

    @Override
    public String id() {
      return "spark";
    }
  }
}
