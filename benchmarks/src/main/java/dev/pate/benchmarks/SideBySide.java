package dev.pate.benchmarks;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkCost;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.student.ClassPrior;
import dev.pate.student.PseudoLabels;
import dev.pate.student.PseudoLabelAlignment;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.SelfTrainingStudent;
import dev.pate.student.StudentData;
import dev.pate.student.StudentResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Benchmark (not a test): pate's headline teacher and student next to the same networks in
 * PyTorch ({@code benchmarks/python/pate_teacher_student.py}), alternating pate and PyTorch in one
 * run so that both see the same load, on two layouts of a 2-core machine: a worker per core with
 * one native thread each (pate's default for teachers), and one worker with every thread. Prints
 * images per second, achieved GFLOP/s against the machine's sgemm peak measured in the same run
 * (the better of ND4J's and PyTorch's 1024 x 1024 product; on n cores at least n times one
 * core's), held-out accuracy, and the ratio
 * pate / PyTorch of each pair. The student: epoch time of the headline's self-training recipe.
 *
 * <p>PyTorch runs only where {@code python3 -c "import torch"} works; elsewhere the benchmark says
 * so in one line and times pate alone. Run from the checkout root after {@code mvn -q -o compile
 * -pl benchmarks -am}:
 * <pre>OMP_WAIT_POLICY=PASSIVE java -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 \
 *   -cp "$(cat benchmarks/target/classpath)" \
 *   dev.pate.benchmarks.SideBySide [teachers=4] [images=240] [epochs=15] [rounds=2] \
 *   [studentEpochs=3] [engines=dl4j,onednn]</pre>
 * (teachers 0 or studentEpochs 0 leaves that part out; pate's teachers and student are trained by
 * each of the engines given, side {@code pate} for dl4j, {@code pate/onednn} for onednn)
 * ({@code mvn -q -o dependency:build-classpath -pl benchmarks -am
 * -Dmdep.outputFile=target/classpath} writes the class path; add the modules' target/classes.)
 */
public final class SideBySide {
  private static final Path SCRIPT = Path.of("benchmarks", "python", "pate_teacher_student.py");

  private SideBySide() {}

  /**
   * One timed run of one side.
   *
   * @param seconds wall time (the teachers, or the student's last epoch)
   * @param cpuSeconds processor time of the same: on a shared machine the wall time moves with
   *     the other jobs' load, the processor time much less
   * @param rate training images per second (teachers only)
   */
  private record Run(String what, String side, String layout, double seconds, double cpuSeconds,
      double rate, double accuracy, int pseudoLabels) {}

  public static void main(String[] args) throws Exception {
    int teachers = intArg(args, 0, 4);
    int images = intArg(args, 1, 240);
    int epochs = intArg(args, 2, 15);
    int rounds = intArg(args, 3, 2);
    int studentEpochs = intArg(args, 4, 3);
    List<TrainingEngine> engines = Arrays.stream((args.length > 5 ? args[5] : "dl4j,onednn")
        .split(",")).map(id -> TrainingEngine.valueOf(id.toUpperCase(Locale.ROOT))).toList();
    int cores = Runtime.getRuntime().availableProcessors();
    System.out.printf(Locale.ROOT, "machine: %s, %d cores; %d teachers x %d images x %d epochs,"
        + " %d rounds (pate, PyTorch alternated)%n", cpuName(), cores, teachers, images, epochs,
        rounds);

    // OpenMP's wait policy decides whether an idle native thread spins or sleeps between
    // parallel regions; ./pate runs pate with PASSIVE (docs/platforms.md#native-threads). Each
    // side is timed at its best: PyTorch's student under its default and under PASSIVE.
    System.out.println("pate: OMP_WAIT_POLICY=" + System.getenv().getOrDefault("OMP_WAIT_POLICY",
        "(unset)"));
    boolean withTorch = PyTorch.available();
    // Subnormal floats slow a confident student's late epochs several times over: PyTorch's
    // student is also timed with them flushed to zero (pate's onednn engine flushes its own).
    try (PyTorch torch = withTorch ? PyTorch.start(null, false) : null;
        PyTorch torchPassive = withTorch ? PyTorch.start("PASSIVE", false) : null;
        PyTorch torchFlushed = withTorch ? PyTorch.start(null, true) : null) {
      double[] peak = new double[cores + 1];
      for (int threads : List.of(1, cores)) {
        double nd4j = TeacherThroughputBenchmark.sgemmGflops(threads);
        double pytorch = torch == null ? 0 : torch.number("sgemm " + threads, "gflops");
        // Workers of one thread each run independent products: the peak of n cores is at least
        // n times one core's (one 1024 x 1024 product on n threads often reaches less).
        peak[threads] = Math.max(Math.max(nd4j, pytorch), threads * peak[1]);
        System.out.printf(Locale.ROOT, "sgemm 1024x1024 fp32, %d thread(s): ND4J %.1f GFLOP/s,"
            + " PyTorch %s%n", threads, nd4j, torch == null ? "-" : String.format(Locale.ROOT,
            "%.1f GFLOP/s", pytorch));
      }

      TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard());
      List<Run> runs = new ArrayList<>();
      if (teachers > 0) {
        runs.addAll(teachers(mnist, torch, peak, cores, teachers, images, epochs, rounds,
            engines));
      }
      if (studentEpochs > 0) {
        for (int round = 1; round <= rounds; round++) {
          for (TrainingEngine engine : engines) {
            runs.add(print(pateStudent(mnist, studentEpochs, engine), 0, 0));
          }
          for (PyTorch side : torch == null ? List.<PyTorch>of()
              : List.of(torch, torchPassive, torchFlushed)) {
            double seconds = side.number("student " + studentEpochs + " " + cores,
                "epoch_seconds");
            runs.add(print(new Run("student", side.name(), "1x" + cores, seconds,
                side.last("epoch_cpu_seconds"), 0, side.last("accuracy"),
                (int) side.last("pseudo_labels")), 0, 0));
          }
        }
      }
      summary(runs);
    }
  }

  /**
   * The teachers' runs: for each round and layout, pate (by each engine) then PyTorch (default,
   * channels-last).
   */
  private static List<Run> teachers(TrainTest mnist, PyTorch torch, double[] peak, int cores,
      int teachers, int images, int epochs, int rounds, List<TrainingEngine> engines)
      throws IOException {
    ImageDataset evaluation = mnist.test().range("eval", 9000, 10000);
    TeacherPartitions parts = TeacherPartitions.split(mnist.train(), teachers, 3,
        PartitionLimits.NONE.withMaxPerTeacher(images));
    NetworkSettings teacher = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, epochs, 32, 0.006, LearningRateSchedule.LINEAR,
        0.0);
    List<Augmentation> augment = List.of(Augmentation.SHIFT, Augmentation.ROTATE);
    double flopsPerImage = NetworkCost.trainingFlops(teacher, 28, 28, 10);
    Path dir = Files.createTempDirectory("pate-side-by-side");
    List<int[]> layouts = cores == 1 ? List.of(new int[] {1, 1})
        : List.of(new int[] {cores, 1}, new int[] {1, cores});
    // Warm-up, untimed, as PyTorch's workers warm up: the JIT and oneDNN's kernels.
    TeacherPartitions warmUp = TeacherPartitions.split(mnist.train(), cores, 5,
        PartitionLimits.NONE.withMaxPerTeacher(images));
    for (int[] layout : layouts) {
      for (TrainingEngine engine : engines) {
        trainTeachers(new TeacherSettings(cores, teacher.withEpochs(2), augment, layout[0],
            layout[1], engine), warmUp, evaluation, dir);
      }
    }
    List<Run> runs = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      for (int[] layout : layouts) {
        String name = layout[0] + "x" + layout[1];
        for (TrainingEngine engine : engines) {
          double[] r = trainTeachers(new TeacherSettings(teachers, teacher, augment, layout[0],
              layout[1], engine), parts, evaluation, dir);
          double imageEpochs = (double) teachers * images * epochs;
          runs.add(print(new Run("teacher", side(engine), name, r[0], r[1],
              imageEpochs / r[0], r[2], 0),
              flopsPerImage, peak[layout[0] * layout[1]]));
        }
        if (torch != null) {
          for (String variant : List.of("", " channels-last")) {
            String command = String.format(Locale.ROOT, "teacher %d %d %d %d %d%s", teachers,
                images, epochs, layout[0], layout[1], variant);
            runs.add(print(new Run("teacher", "pytorch" + variant.replace(' ', '/'), name,
                torch.number(command, "seconds"), torch.last("cpu_seconds"),
                torch.last("images_per_second"), torch.last("accuracy"), 0), flopsPerImage,
                peak[layout[0] * layout[1]]));
          }
        }
      }
    }
    return runs;
  }

  private static Run print(Run run, double flopsPerImage, double peak) {
    if (run.what().equals("teacher")) {
      double gflops = run.rate() * flopsPerImage / 1e9;
      System.out.printf(Locale.ROOT, "teacher %-22s %s: %6.1f s (processor %6.1f s), %6.0f"
          + " images/s, %5.1f GFLOP/s = %4.1f%% of peak, held-out accuracy %.4f%n", run.side(),
          run.layout(), run.seconds(), run.cpuSeconds(), run.rate(), gflops, 100 * gflops / peak,
          run.accuracy());
    } else {
      // Without pseudo-labels an epoch trains on the labelled 16 a step only: a cheaper epoch.
      System.out.printf(Locale.ROOT, "student %-22s %s: last epoch %6.1f s (processor %6.1f s)"
          + " with %d pseudo-labelled pool images, held-out accuracy %.4f%n", run.side(),
          run.layout(), run.seconds(), run.cpuSeconds(), run.pseudoLabels(), run.accuracy());
    }
    return run;
  }

  /** Ratios pate / PyTorch of consecutive pairs (higher is better for pate). */
  private static void summary(List<Run> runs) {
    System.out.println("speed ratios pate / PyTorch (> 1: pate is faster), by wall time and by"
        + " processor time:");
    Run pate = null;
    for (Run run : runs) {
      if (run.side().startsWith("pate")) {
        pate = run;
      } else if (pate != null && pate.what().equals(run.what())
          && pate.layout().equals(run.layout())) {
        System.out.printf(Locale.ROOT, "  %s %s vs %-22s wall %.2f, processor %.2f (accuracy"
            + " %+.4f)%n", run.what(), run.layout(), run.side(), run.seconds() / pate.seconds(),
            run.cpuSeconds() / pate.cpuSeconds(), pate.accuracy() - run.accuracy());
      }
    }
    // What a user compares: each side in its fastest layout (teachers per second, all rounds).
    double torchBest = bestRate(runs, side -> side.startsWith("pytorch"));
    for (String pateSide : runs.stream().map(Run::side).filter(side -> side.startsWith("pate"))
        .distinct().toList()) {
      double pateBest = bestRate(runs, pateSide::equals);
      if (pateBest > 0 && torchBest > 0) {
        System.out.printf(Locale.ROOT, "  teacher best layout vs best: %s %.0f images/s, PyTorch"
            + " %.0f images/s, ratio %.2f%n", pateSide, pateBest, torchBest,
            pateBest / torchBest);
      }
    }
    double torchEpoch = bestEpoch(runs, side -> side.startsWith("pytorch"));
    for (String pateSide : runs.stream().filter(r -> r.what().equals("student")).map(Run::side)
        .filter(side -> side.startsWith("pate")).distinct().toList()) {
      double pateEpoch = bestEpoch(runs, pateSide::equals);
      if (torchEpoch < Double.POSITIVE_INFINITY) {
        System.out.printf(Locale.ROOT, "  student best epoch vs best: %s %.1f s, PyTorch %.1f s,"
            + " ratio %.2f%n", pateSide, pateEpoch, torchEpoch, torchEpoch / pateEpoch);
      }
    }
  }

  /** The side's name in the output: pate for DL4J's engine, pate/onednn for the other. */
  private static String side(TrainingEngine engine) {
    return engine == TrainingEngine.DL4J ? "pate" : "pate/" + engine.id();
  }

  /** The shortest student epoch of the runs whose side is {@code side}. */
  private static double bestEpoch(List<Run> runs, java.util.function.Predicate<String> side) {
    return runs.stream().filter(r -> r.what().equals("student"))
        .filter(r -> side.test(r.side())).mapToDouble(Run::seconds).min()
        .orElse(Double.POSITIVE_INFINITY);
  }

  /** The best teacher rate of the runs whose side is {@code side}. */
  private static double bestRate(List<Run> runs, java.util.function.Predicate<String> side) {
    return runs.stream().filter(r -> r.what().equals("teacher"))
        .filter(r -> side.test(r.side())).mapToDouble(Run::rate).max().orElse(0);
  }

  /**
   * Wall seconds, processor seconds and mean held-out accuracy of training {@code config}'s
   * teachers.
   */
  private static double[] trainTeachers(TeacherSettings config, TeacherPartitions parts,
      ImageDataset evaluation, Path dir) {
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    Ensemble e = new EnsembleTrainer(TeacherTraining.of(config)).train(parts.teachers(),
        evaluation, 1, dir.resolve("t" + start), r -> {});
    return new double[] {(System.nanoTime() - start) / 1e9, (processCpuNanos() - cpu) / 1e9,
        e.meanTestAccuracy()};
  }

  /** Processor time of this JVM, all its threads (native ones included). */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /**
   * The headline's student recipe on 400 true-labelled queries from the pool (test images
   * 0..8999), one warm-up epoch, then self-training; the time of the last epoch (from the third
   * on, the moving average is sure of enough pool images for full 16 + 48 steps).
   */
  private static Run pateStudent(TrainTest mnist, int epochs, TrainingEngine engine) {
    ImageDataset pool = mnist.test().range("pool", 0, 9000);
    ImageDataset labelled = mnist.test().range("labelled", 0, 400);
    NetworkSettings network = new NetworkSettings(Architecture.CNN, List.of(32, 64),
        OptionalInt.of(5), List.of(128), 0.25, epochs, 16, 0.005, LearningRateSchedule.LINEAR,
        1e-4);
    var student = new SelfTrainingStudent(NetworkSpec.of(network), List.of(Augmentation.SHIFT),
        new SelfTrainingSettings(0.95, 1, 3,
            List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT), 0.995,
            PseudoLabelAlignment.NONE, 1, ClassPrior.LABELS),
        engine);
    long[] epochEnds = new long[epochs + 1];
    long[] epochCpu = new long[epochs + 1];
    try (NativeThreads.Scope all = NativeThreads.allCores()) {
      epochEnds[0] = System.nanoTime();
      epochCpu[0] = processCpuNanos();
      StudentResult result = student.train(new StudentData(labelled, labelled.labels(), pool,
          mnist.test().range("eval", 9000, 10000)), 7, record -> {
            epochEnds[record.epoch()] = System.nanoTime();
            epochCpu[record.epoch()] = processCpuNanos();
          });
      return new Run("student", side(engine), "1x" + NativeThreads.current(),
          (epochEnds[epochs] - epochEnds[epochs - 1]) / 1e9,
          (epochCpu[epochs] - epochCpu[epochs - 1]) / 1e9, 0, result.testAccuracy(),
          result.finalPseudoLabels().map(PseudoLabels::count).orElse(0));
    }
  }

  private static String cpuName() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name")).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown CPU");
    } catch (IOException e) {
      return System.getProperty("os.arch") + " (no /proc/cpuinfo)";
    }
  }

  private static int intArg(String[] args, int at, int otherwise) {
    return args.length > at ? Integer.parseInt(args[at]) : otherwise;
  }

  /** The Python script in {@code serve} mode: one command a line in, one JSON line out. */
  private static final class PyTorch implements AutoCloseable {
    private final String name;
    private final Process process;
    private final PrintWriter in;
    private final BufferedReader out;
    private String lastAnswer = "";

    private PyTorch(String name, Process process) {
      this.name = name;
      this.process = process;
      this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
      this.out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8));
    }

    /** Whether python3 imports torch here; if not, says so in one line. */
    static boolean available() throws IOException, InterruptedException {
      Process probe = new ProcessBuilder("python3", "-c", "import torch").redirectErrorStream(true)
          .start();
      probe.getInputStream().readAllBytes();
      if (!probe.waitFor(60, TimeUnit.SECONDS) || probe.exitValue() != 0) {
        System.out.println("PyTorch: python3 -c \"import torch\" fails here; timing pate alone");
        return false;
      }
      return true;
    }

    /**
     * The running script (call only where {@link #available}).
     *
     * @param waitPolicy its OMP_WAIT_POLICY, or null for OpenMP's default (the variable removed)
     * @param flushDenormal whether the process flushes subnormal floats to zero
     */
    static PyTorch start(String waitPolicy, boolean flushDenormal) throws IOException {
      ProcessBuilder script = new ProcessBuilder(flushDenormal
          ? List.of("python3", SCRIPT.toString(), "serve", "flush-denormal")
          : List.of("python3", SCRIPT.toString(), "serve"))
          .redirectError(ProcessBuilder.Redirect.INHERIT);
      if (waitPolicy == null) {
        script.environment().remove("OMP_WAIT_POLICY");
      } else {
        script.environment().put("OMP_WAIT_POLICY", waitPolicy);
      }
      PyTorch torch = new PyTorch((waitPolicy == null ? "pytorch"
          : "pytorch/omp-" + waitPolicy.toLowerCase(Locale.ROOT))
          + (flushDenormal ? "/flush-denormal" : ""), script.start());
      System.out.println(torch.name + ": " + torch.out.readLine());
      return torch;
    }

    /** The side's name in the printed runs. */
    String name() {
      return name;
    }

    /** Sends {@code command}; the answer's number under {@code key} (as {@link #last}). */
    double number(String command, String key) throws IOException {
      in.println(command);
      lastAnswer = out.readLine();
      if (lastAnswer == null) {
        throw new IllegalStateException("PyTorch script ended without answering: " + command);
      }
      return last(key);
    }

    /** The last answer's first number under {@code key} (the last one, for a list). */
    double last(String key) {
      Matcher m = Pattern.compile("\"" + key + "\": (\\[[^\\]]*\\]|[-0-9.eE]+)")
          .matcher(lastAnswer);
      if (!m.find()) {
        throw new IllegalStateException("PyTorch answer has no " + key + ": " + lastAnswer);
      }
      String[] values = m.group(1).replaceAll("[\\[\\]]", "").split(",");
      return Double.parseDouble(values[values.length - 1].strip());
    }

    @Override
    public void close() throws InterruptedException {
      in.close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroy();
      }
    }
  }
}
