package dev.pate.ensemble.nn;

import org.bytedeco.javacpp.PointerScope;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.schedule.ISchedule;

/**
 * Trains a network {@link NetworkBuilder} built (a cnn or mlp of ReLU layers, dropout on the
 * hidden dense layers' inputs, a softmax output) on oneDNN's primitives directly, through
 * oneDNN's own Java binding, instead of through DL4J's layers, and writes the trained parameters
 * back into the DL4J network, which then predicts, votes and is saved as before.
 *
 * <p>Why: on the headline teacher DL4J's per-layer machinery (its NCHW arrays reordered to and
 * from oneDNN's layouts around every convolution, the pooling and convolution forward passes
 * run again in backprop, workspaces and small allocations a step) cost more than the arithmetic.
 * The same step on oneDNN's primitives, activations channels-last end to end, max-pooling with
 * oneDNN's workspace, every buffer allocated once, took about a third of DL4J's processor time
 * and about half of PyTorch's on one core (benchmarks/README.md).
 *
 * <p>What stays DL4J's: the initial parameters (read from the freshly built network, so that
 * the seed decides them as before), the learning-rate schedule, Adam's definition (DL4J's
 * bias-corrected step size), L2 on weights added to the mean gradient, the mini-batches (the same
 * seeded shuffle as {@link Classifiers#train}, a last partial batch as such). The arithmetic is
 * oneDNN's, so parameters equal DL4J-trained ones only to rounding, which grows over training,
 * and the dropout masks are drawn from the seed by this engine's own generator, not ND4J's: the
 * same seed gives the same network under the same engine, not across engines.
 */
public final class OneDnnTrainer {
  private OneDnnTrainer() {}

  /**
   * Trains {@code net} (as {@link NetworkBuilder} built it from {@code settings} for {@code
   * shape}) for {@code epochs} on {@code epochFeatures} with one-hot {@code labels}, in batches
   * of {@code batchSize} shuffled with {@code seed} (which also draws the dropout masks), on the
   * calling thread's native threads. Before {@code listener} hears of an epoch, {@code net} is
   * given that epoch's parameters (unless the listener is {@link Classifiers.EpochListener#NONE}).
   */
  public static void train(MultiLayerNetwork net, NetworkSettings settings, InputShape shape,
      ISchedule learningRate, Classifiers.EpochFeatures epochFeatures, INDArray labels,
      int epochs, int batchSize, long seed, Classifiers.EpochListener listener) {
    TrainingEngine.ONEDNN.requireCanTrain(NetworkSpec.of(settings));
    int n = (int) labels.rows();
    if (n == 0) {
      throw new IllegalArgumentException("labels: no examples to train on");
    }
    int[] classes = labels.argMax(1).toIntVector();
    // oneDNN's objects (primitives, memories) are freed when the scope closes, not when the
    // garbage collector gets to them: a run trains hundreds of teachers.
    try (PointerScope scope = OneDnnGraph.scope()) {
      OneDnnGraph graph = new OneDnnGraph(settings, shape, (int) labels.columns(),
          Math.min(batchSize, n), seed);
      graph.importParameters(net);
      // DL4J's epoch count stays 0 under fit(features, labels): its schedule is keyed by
      // iteration alone.
      Classifiers.EpochListener exporting = listener == Classifiers.EpochListener.NONE ? listener
          : epoch -> {
            graph.exportParameters(net);
            listener.epochDone(epoch);
          };
      Classifiers.forEachBatch(epochFeatures, n, epochs, batchSize, seed, exporting,
          (rows, order, from, to) -> graph.step(rows.values(), classes, order, from, to,
              learningRate.valueAt((int) graph.steps(), 0), settings.l2()));
      graph.exportParameters(net);
    }
  }
}
