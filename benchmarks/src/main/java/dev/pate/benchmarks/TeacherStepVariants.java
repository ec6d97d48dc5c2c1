package dev.pate.benchmarks;

import dev.pate.ensemble.nn.InputConvolutionLayer;
import dev.pate.ensemble.nn.OneDnn;
import dev.pate.ensemble.nn.ReluActivation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.deeplearning4j.nn.conf.CacheMode;
import org.deeplearning4j.nn.conf.CNN2DFormat;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.WorkspaceMode;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.deeplearning4j.nn.conf.layers.SubsamplingLayer;
import org.deeplearning4j.nn.conf.layers.misc.FrozenLayer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.nn.weights.WeightInit;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.activations.IActivation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.lossfunctions.LossFunctions;

/**
 * Benchmark (not a test): the cost of one training step of the headline teacher network (32
 * images, Adam) under variants of how DL4J runs it, to measure levers before building them. Each
 * variant is timed in turn, round after round, on one native thread; the figure is the training
 * thread's processor time per step (the wall time moves with the other jobs of a shared machine),
 * as the median over rounds and its ratio to the baseline.
 *
 * <ul>
 *   <li>{@code baseline}: as pate builds it (NCHW, DL4J's oneDNN helpers on every conv and pooling
 *       layer);
 *   <li>{@code nhwc}: convolution and pooling layers in channels-last layout, input [n, 28, 28,
 *       1];
 *   <li>{@code pool-no-helper}: the pooling layers without DL4J's oneDNN helper (DL4J's own
 *       maxpool2d ops);
 *   <li>{@code conv1-frozen}: the first convolution frozen, an upper bound on what skipping its
 *       input gradient (which no one uses) could save: it also skips its small weight gradient;
 *   <li>{@code cache-device}, {@code cache-host}: DL4J's {@code CacheMode} (whether a
 *       convolution reuses its forward pre-output in backprop instead of recomputing it);
 *   <li>{@code workspaces-none}: training and inference workspaces off (DL4J's default, which
 *       pate keeps, is ENABLED for both);
 *   <li>{@code conv-no-helper}: the convolution layers without DL4J's oneDNN helper (DL4J's own
 *       im2col and matrix multiply);
 *   <li>{@code flat-input}: the input as pate feeds it, rows of 784 pixels reshaped by DL4J's
 *       preprocessor ({@code InputType.convolutionalFlat}), instead of [n, 1, 28, 28];
 *   <li>{@code cache-device-flat}: {@code cache-device} on the flat input (what pate ran before
 *       {@code InputConvolutionLayer});
 *   <li>{@code input-conv}, {@code input-conv-flat}: {@code cache-device} with pate's
 *       {@code InputConvolutionLayer} first (no gradient for the input images), on [n, 1, 28, 28]
 *       or on the flat input;
 *   <li>{@code relu-step}, {@code relu-step-flat}: {@code input-conv} with pate's
 *       {@code ReluActivation} for every ReLU (what NetworkBuilder builds now, on the flat input).
 * </ul>
 *
 * <p>After the timings it says whether each variant's trained parameters equal the baseline's bit
 * for bit (all start from the same seed and take the same steps on the same batch).
 *
 * <pre>OMP_NUM_THREADS=1 java -cp ... dev.pate.benchmarks.TeacherStepVariants [steps=100]
 *   [rounds=8] [variants=all, or names separated by commas; baseline is always first]
 *   [network=teacher, or student: conv 32, 64, dropout, L2, 64 images a step]</pre>
 */
public final class TeacherStepVariants {
  private TeacherStepVariants() {}

  private record Variant(String name, Supplier<MultiLayerNetwork> network, Input input) {}

  /**
   * The network a step trains: the headline teacher (conv 16, 32; batch 32) or the headline
   * student (conv 32, 64; dropout 0.25 and L2 1e-4; batch 16 labelled + 48 pseudo-labelled).
   */
  private record Net(int[] filters, double dropout, double l2, int batch) {
    static Net named(String name) {
      return switch (name) {
        case "teacher" -> new Net(new int[] {16, 32}, 0, 0, 32);
        case "student" -> new Net(new int[] {32, 64}, 0.25, 1e-4, 64);
        default -> throw new IllegalArgumentException("network: " + name
            + " is not teacher or student");
      };
    }
  }

  /** The input a variant's network takes: NCHW, NHWC, or rows of 784 pixels. */
  private enum Input { NCHW, NHWC, FLAT }

  public static void main(String[] args) throws Exception {
    int steps = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    Net net = Net.named(args.length > 3 ? args[3] : "teacher");
    int batch = net.batch();
    OneDnn.enable();
    UnaryOperator<NeuralNetConfiguration.Builder> asIs = b -> b;
    List<Variant> all = List.of(
        new Variant("baseline", () -> network(net, CNN2DFormat.NCHW, false, asIs, false),
            Input.NCHW),
        new Variant("nhwc", () -> network(net, CNN2DFormat.NHWC, false, asIs, false),
            Input.NHWC),
        new Variant("pool-no-helper", () -> withoutHelper(
            network(net, CNN2DFormat.NCHW, false, asIs, false),
            org.deeplearning4j.nn.layers.convolution.subsampling.SubsamplingLayer.class),
            Input.NCHW),
        new Variant("conv1-frozen", () -> network(net, CNN2DFormat.NCHW, true, asIs, false),
            Input.NCHW),
        new Variant("cache-device", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), false), Input.NCHW),
        new Variant("cache-host", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.HOST), false), Input.NCHW),
        new Variant("workspaces-none", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.trainingWorkspaceMode(WorkspaceMode.NONE)
                .inferenceWorkspaceMode(WorkspaceMode.NONE), false), Input.NCHW),
        new Variant("conv-no-helper", () -> withoutHelper(
            network(net, CNN2DFormat.NCHW, false, asIs, false),
            org.deeplearning4j.nn.layers.convolution.ConvolutionLayer.class), Input.NCHW),
        new Variant("flat-input", () -> network(net, CNN2DFormat.NCHW, false, asIs, true),
            Input.FLAT),
        new Variant("input-conv", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), false, true), Input.NCHW),
        new Variant("input-conv-flat", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), true, true), Input.FLAT),
        new Variant("relu-step", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), false, true, new ReluActivation()), Input.NCHW),
        new Variant("relu-step-flat", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), true, true, new ReluActivation()), Input.FLAT),
        new Variant("cache-device-flat", () -> network(net, CNN2DFormat.NCHW, false,
            b -> b.cacheMode(CacheMode.DEVICE), true), Input.FLAT));
    Set<String> chosen = args.length > 2 && !args[2].equals("all")
        ? Set.of(args[2].split(",")) : null;
    List<Variant> variants = all.stream()
        .filter(v -> chosen == null || v.name().equals("baseline") || chosen.contains(v.name()))
        .toList();
    INDArray labels = Nd4j.zeros(DataType.FLOAT, batch, 10);
    for (int i = 0; i < batch; i++) {
      labels.putScalar(i, i % 10, 1);
    }
    Nd4j.getRandom().setSeed(1);
    INDArray nchw = Nd4j.rand(DataType.FLOAT, batch, 1, 28, 28);
    INDArray nhwc = nchw.reshape(batch, 28, 28, 1).dup(); // one channel: the same memory order
    INDArray flat = nchw.reshape(batch, 28 * 28).dup();
    List<MultiLayerNetwork> nets = new ArrayList<>();
    for (Variant v : variants) {
      nets.add(v.network().get());
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] cpu = new double[variants.size()][rounds];
    double[][] wall = new double[variants.size()][rounds];
    for (int round = -1; round < rounds; round++) { // round -1 warms up, untimed
      for (int v = 0; v < variants.size(); v++) {
        INDArray input = switch (variants.get(v).input()) {
          case NCHW -> nchw;
          case NHWC -> nhwc;
          case FLAT -> flat;
        };
        Nd4j.getRandom().setSeed(1000 + round); // the same dropout masks for every variant
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < steps; i++) {
          nets.get(v).fit(input, labels);
        }
        if (round >= 0) {
          cpu[v][round] = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 / steps;
          wall[v][round] = (System.nanoTime() - start) / 1e6 / steps;
        }
      }
    }
    double base = median(cpu[0]);
    System.out.printf(Locale.ROOT, "%d steps of %d images x %d rounds, one thread; median per"
        + " step:%n", steps, batch, rounds);
    for (int v = 0; v < variants.size(); v++) {
      // Every variant took the same steps on the same batch from the same seeds: a variant that
      // only changes how DL4J schedules memory must end with the baseline's parameters, bit for
      // bit.
      System.out.printf(Locale.ROOT, "  %-15s processor %6.3f ms (%.2f x baseline's), wall %6.3f"
          + " ms, parameters %s baseline's%n", variants.get(v).name(), median(cpu[v]),
          median(cpu[v]) / base, median(wall[v]),
          nets.get(v).params().equals(nets.get(0).params()) ? "equal to" : "differ from");
    }
  }

  /** {@code net} as NetworkBuilder builds it (kernel 5, dense 128) in {@code format}. */
  private static MultiLayerNetwork network(Net net, CNN2DFormat format, boolean freezeFirst,
      UnaryOperator<NeuralNetConfiguration.Builder> global, boolean flatInput) {
    return network(net, format, freezeFirst, global, flatInput, false);
  }

  /**
   * As above; with {@code inputConvolution} the first convolution is pate's
   * {@link InputConvolutionLayer} (no gradient for the input images).
   */
  private static MultiLayerNetwork network(Net net, CNN2DFormat format, boolean freezeFirst,
      UnaryOperator<NeuralNetConfiguration.Builder> global, boolean flatInput,
      boolean inputConvolution) {
    return network(net, format, freezeFirst, global, flatInput, inputConvolution,
        Activation.RELU.getActivationFunction());
  }

  /** As above, with {@code relu} as the convolutions' and dense layer's activation. */
  private static MultiLayerNetwork network(Net net, CNN2DFormat format, boolean freezeFirst,
      UnaryOperator<NeuralNetConfiguration.Builder> global, boolean flatInput,
      boolean inputConvolution, IActivation relu) {
    var list = global.apply(new NeuralNetConfiguration.Builder().seed(1).updater(new Adam(0.006))
        .weightInit(WeightInit.XAVIER).l2(net.l2())).list();
    boolean first = true;
    for (int filters : net.filters()) {
      Layer conv = (first && inputConvolution ? new InputConvolutionLayer.Builder(5, 5)
          : new ConvolutionLayer.Builder(5, 5)).nOut(filters).activation(relu)
          .dataFormat(format).build();
      list.layer(first && freezeFirst ? new FrozenLayer(conv) : conv);
      first = false;
      list.layer(new SubsamplingLayer.Builder(SubsamplingLayer.PoolingType.MAX).kernelSize(2, 2)
          .stride(2, 2).dataFormat(format).build());
    }
    var dense = new DenseLayer.Builder().nOut(128).activation(relu);
    if (net.dropout() > 0) {
      dense.dropOut(1.0 - net.dropout()); // DL4J takes the retain probability
    }
    list.layer(dense.build());
    list.layer(new OutputLayer.Builder(LossFunctions.LossFunction.NEGATIVELOGLIKELIHOOD).nOut(10)
        .activation(Activation.SOFTMAX).build());
    MultiLayerNetwork built = new MultiLayerNetwork(
        list.setInputType(flatInput ? InputType.convolutionalFlat(28, 28, 1)
            : InputType.convolutional(28, 28, 1, format)).build());
    built.init();
    return built;
  }

  /** DL4J picks a layer's helper when it creates the layer; unset it on layers of {@code type}. */
  private static MultiLayerNetwork withoutHelper(MultiLayerNetwork net,
      Class<? extends org.deeplearning4j.nn.api.Layer> type) {
    try {
      Field helper = type.getDeclaredField("helper");
      helper.setAccessible(true);
      for (var layer : net.getLayers()) {
        if (type.isInstance(layer)) {
          helper.set(layer, null);
        }
      }
      return net;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("DL4J's " + type.getSimpleName() + " has no helper field", e);
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
