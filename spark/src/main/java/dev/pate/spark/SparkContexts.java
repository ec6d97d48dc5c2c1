package dev.pate.spark;

import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import dev.pate.pipeline.backend.ExecutorSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The JVM's one SparkContext (Spark allows no second), made for the first run that needs it and
 * kept for the next ones with the same settings (a study's points share it and its executors);
 * Spark stops it when the JVM exits. A master that does not answer, or a cluster that starts no
 * executor, is one line naming {@code teachers.spark.master} instead of a minute-long hang.
 */
final class SparkContexts {
  static final String MASTER = "teachers.spark.master";

  /** Seconds a cluster may take to start the first executor (property pate.spark.wait). */
  private static final long WAIT_SECONDS = Long.getLong("pate.spark.wait", 120);

  private static JavaSparkContext current;
  private static ExecutorSettings.Spark currentSettings;

  private SparkContexts() {}

  /** The context for {@code spark}: the current one if its settings are these, else a new one. */
  static synchronized JavaSparkContext get(ExecutorSettings.Spark spark) {
    if (current != null && !current.sc().isStopped() && spark.equals(currentSettings)) {
      return current;
    }
    stop();
    requireReachable(spark.master());
    SparkConf conf = new SparkConf();
    settings(spark).forEach(conf::set);
    try {
      current = new JavaSparkContext(conf);
    } catch (RuntimeException e) {
      throw new UserError(MASTER + " " + spark.master() + ": Spark did not start ("
          + OneLine.of(e) + ")", e);
    }
    currentSettings = spark;
    awaitExecutors(spark.master());
    return current;
  }

  /** Stops the current context, if any (its executors are released). */
  static synchronized void stop() {
    if (current != null) {
      current.stop();
      current = null;
      currentSettings = null;
    }
  }

  static boolean isLocal(String master) {
    return master.startsWith("local");
  }

  /**
   * Spark's settings: pate's defaults, the config's {@code conf}, the master, and for a cluster
   * the application jars the executors load pate from (unless the conf says where they are).
   */
  private static Map<String, String> settings(ExecutorSettings.Spark spark) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spark.app.name", "pate teachers");
    settings.put("spark.ui.showConsoleProgress", "false");
    // As ./pate does for its own JVM: no resident-size check at every native allocation (8-10%
    // of a small CNN's training); JavaCPP's limit on its own allocations still holds.
    settings.put("spark.executor.extraJavaOptions", "-Dorg.bytedeco.javacpp.maxPhysicalBytes=0");
    settings.putAll(spark.conf());
    settings.put("spark.master", spark.master());
    if (!isLocal(spark.master()) && !settings.containsKey("spark.jars")
        && !settings.containsKey("spark.executor.extraClassPath")) {
      settings.put("spark.jars", applicationJars(spark.master()));
    }
    return settings;
  }

  /**
   * The jars next to this module's own in {@code spark/target/app/}: pate's modules and the
   * dependencies Spark does not bring, which the driver ships to every executor.
   */
  private static String applicationJars(String master) {
    Path jar;
    try {
      jar = Path.of(SparkContexts.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
    } catch (URISyntaxException | RuntimeException e) {
      jar = null;
    }
    Path app = jar == null ? null : jar.getParent();
    if (app == null || !Files.isRegularFile(jar) || !app.getFileName().toString().equals("app")) {
      throw new UserError(MASTER + " " + master + ": its executors need pate's jars, and this"
          + " JVM does not run from spark/target/app/ (run through ./pate, or give"
          + " teachers.spark.conf spark.jars)");
    }
    try (Stream<Path> jars = Files.list(app)) {
      return jars.filter(p -> p.toString().endsWith(".jar")).sorted()
          .map(p -> p.toAbsolutePath().toString()).collect(Collectors.joining(","));
    } catch (IOException e) {
      throw new UserError("cannot list " + app + ": " + e.getMessage(), e);
    }
  }

  /** A standalone master that accepts no connection fails now, not after Spark's retries. */
  private static void requireReachable(String master) {
    if (!master.startsWith("spark://")) {
      return;
    }
    String problem = "";
    for (String hostPort : master.substring("spark://".length()).split(",")) {
      int colon = hostPort.lastIndexOf(':');
      String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      try (Socket socket = new Socket()) {
        // A port that is not a number is a NumberFormatException: one line naming the key too.
        int port = colon < 0 ? 7077 : Integer.parseInt(hostPort.substring(colon + 1));
        socket.connect(new InetSocketAddress(host, port), 5000);
        return;
      } catch (IOException | IllegalArgumentException e) {
        problem = hostPort + ": " + OneLine.of(e);
      }
    }
    throw new UserError(MASTER + " " + master + ": no Spark master answers (" + problem + ")");
  }

  /** Waits until a cluster has started at least one executor for this application. */
  private static void awaitExecutors(String master) {
    if (isLocal(master)) {
      return;
    }
    long deadline = System.nanoTime() + WAIT_SECONDS * 1_000_000_000L;
    while (current.sc().statusTracker().getExecutorInfos().length < 2) {
      if (System.nanoTime() > deadline) {
        stop();
        throw new UserError(MASTER + " " + master + ": no executor started within "
            + WAIT_SECONDS + " s (are workers registered, with a free core and the memory of"
            + " spark.executor.memory each?)");
      }
      sleep();
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for Spark executors", e);
    }
  }
}
