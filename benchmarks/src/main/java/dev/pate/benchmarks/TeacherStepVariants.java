package dev.pate.benchmarks;

import dev.pate.ensemble.nn.OneDnn;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.deeplearning4j.nn.conf.CNN2DFormat;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
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
 *       input gradient (which no one uses) could save: it also skips its small weight gradient.
 * </ul>
 *
 * <pre>OMP_NUM_THREADS=1 java -cp ... dev.pate.benchmarks.TeacherStepVariants [steps=100]
 *   [rounds=8]</pre>
 */
public final class TeacherStepVariants {
  private TeacherStepVariants() {}

  private record Variant(String name, Supplier<MultiLayerNetwork> network, CNN2DFormat input) {}

  public static void main(String[] args) throws Exception {
    int steps = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    OneDnn.enable();
    List<Variant> variants = List.of(
        new Variant("baseline", () -> network(CNN2DFormat.NCHW, false), CNN2DFormat.NCHW),
        new Variant("nhwc", () -> network(CNN2DFormat.NHWC, false), CNN2DFormat.NHWC),
        new Variant("pool-no-helper", () -> withoutPoolingHelper(network(CNN2DFormat.NCHW,
            false)), CNN2DFormat.NCHW),
        new Variant("conv1-frozen", () -> network(CNN2DFormat.NCHW, true), CNN2DFormat.NCHW));
    INDArray labels = Nd4j.zeros(DataType.FLOAT, 32, 10);
    for (int i = 0; i < 32; i++) {
      labels.putScalar(i, i % 10, 1);
    }
    Nd4j.getRandom().setSeed(1);
    INDArray nchw = Nd4j.rand(DataType.FLOAT, 32, 1, 28, 28);
    INDArray nhwc = nchw.reshape(32, 28, 28, 1).dup(); // one channel: the same memory order
    List<MultiLayerNetwork> nets = new ArrayList<>();
    for (Variant v : variants) {
      nets.add(v.network().get());
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] cpu = new double[variants.size()][rounds];
    double[][] wall = new double[variants.size()][rounds];
    for (int round = -1; round < rounds; round++) { // round -1 warms up, untimed
      for (int v = 0; v < variants.size(); v++) {
        INDArray input = variants.get(v).input() == CNN2DFormat.NHWC ? nhwc : nchw;
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
    System.out.printf(Locale.ROOT, "%d steps of 32 images x %d rounds, one thread; median per"
        + " step:%n", steps, rounds);
    for (int v = 0; v < variants.size(); v++) {
      System.out.printf(Locale.ROOT, "  %-15s processor %6.3f ms (%.2f x baseline's), wall %6.3f"
          + " ms%n", variants.get(v).name(), median(cpu[v]), median(cpu[v]) / base,
          median(wall[v]));
    }
  }

  /** The headline teacher (NetworkBuilder's cnn [16, 32], kernel 5, dense 128) in {@code format}. */
  private static MultiLayerNetwork network(CNN2DFormat format, boolean freezeFirst) {
    var list = new NeuralNetConfiguration.Builder().seed(1).updater(new Adam(0.006))
        .weightInit(WeightInit.XAVIER).list();
    boolean first = true;
    for (int filters : new int[] {16, 32}) {
      Layer conv = new ConvolutionLayer.Builder(5, 5).nOut(filters).activation(Activation.RELU)
          .dataFormat(format).build();
      list.layer(first && freezeFirst ? new FrozenLayer(conv) : conv);
      first = false;
      list.layer(new SubsamplingLayer.Builder(SubsamplingLayer.PoolingType.MAX).kernelSize(2, 2)
          .stride(2, 2).dataFormat(format).build());
    }
    list.layer(new DenseLayer.Builder().nOut(128).activation(Activation.RELU).build());
    list.layer(new OutputLayer.Builder(LossFunctions.LossFunction.NEGATIVELOGLIKELIHOOD).nOut(10)
        .activation(Activation.SOFTMAX).build());
    MultiLayerNetwork net = new MultiLayerNetwork(
        list.setInputType(InputType.convolutional(28, 28, 1, format)).build());
    net.init();
    return net;
  }

  /** DL4J picks a layer's helper when it creates the layer; unset it on the pooling layers. */
  private static MultiLayerNetwork withoutPoolingHelper(MultiLayerNetwork net) {
    try {
      Field helper = org.deeplearning4j.nn.layers.convolution.subsampling.SubsamplingLayer.class
          .getDeclaredField("helper");
      helper.setAccessible(true);
      for (var layer : net.getLayers()) {
        if (layer instanceof org.deeplearning4j.nn.layers.convolution.subsampling
            .SubsamplingLayer) {
          helper.set(layer, null);
        }
      }
      return net;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("DL4J's SubsamplingLayer has no helper field", e);
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
