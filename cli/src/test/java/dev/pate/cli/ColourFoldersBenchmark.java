package dev.pate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ColourImages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The whole pipeline on a colour dataset in folders, generated at run time (not a test; it prints
 * numbers): ten classes of 32x32x3 PNG images (a coloured square on a noisy background), a
 * private folder with a sub-folder per class, an unlabelled pool folder and a labelled evaluation
 * folder. It times the generation, runs {@code pate run} on {@code colour-folders.yaml} (written
 * beside the images, the example of image folders in docs/data.md), prints what the report says, and
 * times {@code pate predict} on the pool folder.
 *
 * <pre>
 * java -cp "cli/target/test-classes:cli/target/classes:cli/target/lib/*" \
 *   dev.pate.cli.ColourFoldersBenchmark /tmp/colour-folders [private per class] [pool] [eval per class]
 * </pre>
 */
public final class ColourFoldersBenchmark {
  private static final int SIDE = 32;
  private static final int CLASSES = 10;

  private ColourFoldersBenchmark() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "colour-folders");
    int perClass = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    int pool = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
    int evalPerClass = args.length > 3 ? Integer.parseInt(args[3]) : 100;

    long start = System.nanoTime();
    Path privateDir = ColourImages.labelled(dir.resolve("private"), CLASSES, perClass, SIDE, 1);
    Path poolDir = ColourImages.unlabelled(dir.resolve("pool"), CLASSES, pool, SIDE, 2);
    Path evalDir = ColourImages.labelled(dir.resolve("eval"), CLASSES, evalPerClass, SIDE, 3);
    double generated = seconds(start);
    System.out.printf(Locale.ROOT, "generated %d private, %d pool (unlabelled), %d evaluation"
        + " images of %dx%dx3 in %.1f s%n", CLASSES * perClass, pool, CLASSES * evalPerClass,
        SIDE, SIDE, generated);

    Path config = Files.writeString(dir.resolve("colour-folders.yaml"),
        config(privateDir, poolDir, evalDir, pool));
    Path runs = dir.resolve("runs");
    long run = System.nanoTime();
    int exit = Main.execute("run", config.toString(), "--out", runs.toString());
    double runSeconds = seconds(run);
    if (exit != 0) {
      throw new IllegalStateException("pate run exited " + exit);
    }
    Path folder;
    try (Stream<Path> stamps = Files.list(runs.resolve("colour-folders"))) {
      folder = stamps.sorted().reduce((a, b) -> b).orElseThrow();
    }
    JsonNode r = Json.mapper().readTree(folder.resolve("report.json").toFile());
    System.out.printf(Locale.ROOT, "pate run: %.1f s wall (load %.1f, teachers %.1f, votes %.1f,"
        + " student %.1f)%n", runSeconds, r.at("/private/timings/load_seconds").asDouble(),
        r.at("/private/timings/teachers_seconds").asDouble(), r.at("/private/timings/votes_seconds").asDouble(),
        r.at("/private/timings/student_seconds").asDouble());
    System.out.printf(Locale.ROOT, "teachers: %d, mean held-out accuracy %.4f (private)%n",
        r.at("/teachers/count").asInt(), r.at("/teachers/private/mean_test_accuracy")
            .asDouble());
    System.out.printf(Locale.ROOT, "labels: %d of %d queries answered; label accuracy %s (%s)%n",
        r.at("/aggregation/queries_answered").asInt(), r.at("/aggregation/queries").asInt(),
        r.at("/aggregation/label_accuracy").asText(), r.at("/aggregation/label_accuracy_on")
            .asText());
    System.out.printf(Locale.ROOT, "privacy: epsilon %.4f at delta %.0e (data-independent,"
        + " order %s)%n", r.at("/privacy/epsilon_data_independent").asDouble(),
        r.at("/privacy/delta").asDouble(), r.at("/privacy/order_data_independent").asText());
    System.out.printf(Locale.ROOT, "student: %s, held-out accuracy %.4f on %d images%n",
        r.at("/student/method").asText(), r.at("/student/test_accuracy").asDouble(),
        r.at("/dataset/held_out").asInt());

    long predict = System.nanoTime();
    Captured predicted = Captured.run("predict", "--model", folder.resolve("release").toString(),
        "--input", poolDir.toString());
    System.out.printf(Locale.ROOT, "pate predict on the pool folder: exit %d, %d rows, %.1f s%n",
        predicted.exitCode(), predicted.out().lines().count() - 1, seconds(predict));
  }

  /** The run's config: 50 small CNN teachers, GNMax, a self-training student. */
  static String config(Path privateDir, Path poolDir, Path evalDir, int pool) {
    return String.join("\n",
        "name: colour-folders",
        "seed: 1",
        "dataset:",
        "  name: images",
        "  query_pool: " + pool,
        "  images:",
        // relative to the config file, written beside the folders
        "    private_dir: " + privateDir.getFileName(),
        "    public_dir: " + poolDir.getFileName(),
        "    eval_dir: " + evalDir.getFileName(),
        "    classes: [" + String.join(", ", ColourImages.ALL_CLASSES.subList(0, CLASSES)) + "]",
        "    resize: [" + SIDE + ", " + SIDE + "]",
        "    channels: 3",
        "teachers:",
        "  count: 50",
        "  augment: [flip, shift]",
        "  network: {architecture: cnn, conv_filters: [16, 32], kernel: 5, dense: [64],"
            + " epochs: 10, learning_rate: 0.003}",
        "aggregator: {mechanism: gnmax, sigma: 10, queries: 300}",
        "student:",
        "  method: self-training",
        "  augment: [flip, shift]",
        "  network: {architecture: cnn, conv_filters: [16, 32], kernel: 5, dense: [64],"
            + " epochs: 15, learning_rate: 0.003}",
        "");
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
