package dev.pate.spark;

import static dev.pate.spark.SparkRuns.assertSameResults;
import static dev.pate.spark.SparkRuns.report;
import static dev.pate.spark.SparkRuns.run;
import static dev.pate.spark.SparkRuns.sparkWithConf;
import static org.junit.jupiter.api.Assertions.assertEquals;


import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real cluster on this machine: a standalone master and two workers, each its own JVM started
 * from the test's class path (what Maven resolved: no Spark download, no SPARK_HOME set by hand),
 * bound to 127.0.0.1. Each worker starts an executor JVM for the run; the run goes through the
 * spark:// URL and must vote, label and learn exactly as the local executor does.
 */
class StandaloneClusterTest {
  /** The module-access flags Spark needs on Java 17 (the surefire argLine has the same). */
  private static final List<String> OPENS = List.of("java.lang", "java.lang.invoke",
      "java.lang.reflect", "java.io", "java.net", "java.nio", "java.util", "java.util.concurrent",
      "java.util.concurrent.atomic", "jdk.internal.ref", "sun.nio.ch", "sun.nio.cs",
      "sun.security.action", "sun.util.calendar");

  @TempDir static Path dir;
  static final List<Process> processes = new ArrayList<>();
  static String master;

  @BeforeAll
  static void startCluster() throws Exception {
    int port = freePort();
    int webPort = freePort();
    master = "spark://127.0.0.1:" + port;
    start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
        String.valueOf(port), "--webui-port", String.valueOf(webPort));
    for (int w = 1; w <= 2; w++) {
      start("worker-" + w, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
          "--cores", "1", "--memory", "1536m", "--webui-port", String.valueOf(freePort()),
          "--work-dir", dir.resolve("work-" + w).toString(), master);
    }
    awaitWorkers(webPort, 2);
  }

  @AfterAll
  static void stopCluster() throws InterruptedException {
    SparkContexts.stop();
    for (Process process : processes) {
      process.destroy();
    }
    for (Process process : processes) {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  @Test
  void theClusterGivesTheLocalExecutorsVotesLabelsAndFigures() throws IOException {
    Path local = run(dir.resolve("local"));
    // The executors run pate from the test's class path; the shared directory is the driver's
    // cache, which every process on this machine reaches.
    Path cluster = run(dir.resolve("cluster"), sparkWithConf(master,
        "spark.executor.memory: 1g, spark.executor.extraClassPath: '" + classPath() + "'"));
    assertSameResults(local, cluster);
    assertEquals("spark", report(cluster).at("/teachers/executor").asText());
    assertEquals(2, executorsThatRan(), "both workers' executors ran tasks");
  }

  /** Executor folders the workers made for the application (one per executor that started). */
  private static long executorsThatRan() throws IOException {
    long count = 0;
    for (int w = 1; w <= 2; w++) {
      try (var apps = Files.walk(dir.resolve("work-" + w), 2)) {
        count += apps.filter(p -> p.getFileName().toString().matches("\\d+")).count() > 0 ? 1 : 0;
      }
    }
    return count;
  }

  private static void start(String name, String mainClass, String... args) throws IOException {
    Path home = Files.createDirectories(dir.resolve("spark-home/jars"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"),
        "bin", "java").toString(), "-Xmx512m"));
    OPENS.forEach(p -> command.add("--add-opens=java.base/" + p + "=ALL-UNNAMED"));
    command.addAll(List.of("-cp", classPath(), mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile());
    Map<String, String> env = builder.environment();
    // A worker starts executors on SPARK_HOME/jars/* (empty here: the class path comes with the
    // application); the launcher library needs the Scala version of a home it cannot inspect.
    env.put("SPARK_HOME", home.getParent().toString());
    env.put("SPARK_SCALA_VERSION", "2.12");
    env.put("SPARK_LOCAL_IP", "127.0.0.1");
    processes.add(builder.start());
  }

  /** Waits (at most a minute) until the master's status page lists {@code count} alive workers. */
  private static void awaitWorkers(int webPort, int count) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Pattern alive = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      try {
        String json = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + webPort
            + "/json/")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = alive.matcher(json);
        if (m.find() && Integer.parseInt(m.group(1)) >= count) {
          return;
        }
      } catch (IOException notYet) {
        // the master is still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError(count + " workers did not register within a minute; see the logs in "
        + dir);
  }

  /** The test's own class path, in full (surefire may run from a manifest-only jar). */
  static String classPath() {
    String path = System.getProperty("surefire.test.class.path");
    return path != null && !path.isBlank() ? path : System.getProperty("java.class.path");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

}
