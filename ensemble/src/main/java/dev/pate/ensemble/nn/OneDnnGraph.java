package dev.pate.ensemble.nn;

import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_BIAS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DIFF_BIAS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DIFF_DST;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DIFF_SRC;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DIFF_WEIGHTS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DST;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_SRC;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_WEIGHTS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_WORKSPACE;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bytedeco.dnnl.IntMemoryMap;
import org.bytedeco.dnnl.convolution_backward_data;
import org.bytedeco.dnnl.convolution_backward_weights;
import org.bytedeco.dnnl.convolution_forward;
import org.bytedeco.dnnl.eltwise_backward;
import org.bytedeco.dnnl.eltwise_forward;
import org.bytedeco.dnnl.engine;
import org.bytedeco.dnnl.global.dnnl.algorithm;
import org.bytedeco.dnnl.global.dnnl.prop_kind;
import org.bytedeco.dnnl.inner_product_backward_data;
import org.bytedeco.dnnl.inner_product_backward_weights;
import org.bytedeco.dnnl.inner_product_forward;
import org.bytedeco.dnnl.memory;
import org.bytedeco.dnnl.pooling_v2_backward;
import org.bytedeco.dnnl.pooling_v2_forward;
import org.bytedeco.dnnl.primitive;
import org.bytedeco.dnnl.primitive_desc_base;
import org.bytedeco.dnnl.reorder;
import org.bytedeco.dnnl.stream;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.PointerScope;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The network {@link NetworkBuilder} builds from {@link NetworkSettings}, as oneDNN primitives
 * for one batch size: the forward pass and backprop as lists of steps (primitives over memories
 * allocated once, and dropout in Java), Adam over the parameters and, when asked, a moving
 * average of them; or, {@link #forPrediction}, the forward pass alone. Activations are
 * channels-last; each parameter is kept in the layout its forward primitive prefers, converted to
 * and from DL4J's by {@link #importParameters} and {@link #exportParameters}. A batch smaller
 * than the graph's is padded with rows whose loss gradient is zero, so they change nothing.
 */
final class OneDnnGraph {
  private static final memory.data_type F32 = memory.data_type.f32;
  private static final long[] ONE = {1, 1};
  private static final long[] TWO = {2, 2};
  private static final long[] ZERO = {0, 0};
  private static final double BETA1 = 0.9;
  private static final double BETA2 = 0.999;
  private static final float EPSILON = 1e-8f;
  /**
   * Loss gradients and parameters smaller than this are set to 0. Why: a student sure of its
   * labels has logits 90 apart, whose softmax gradients (1e-40) are subnormal floats, and L2 decays
   * the weights of dead units below 1e-30; their products in backprop are subnormal, and every
   * kernel they flow through runs several times slower (measured on the headline student: epochs
   * grew from 3.2 s to 19 s; with gradients alone flushed, to 5.4 s; with weights too, flat at
   * 3.2-3.4 s, the learning curve the same to four digits). A value this small changes nothing:
   * 1e-20 of an activation or of the loss is lost to rounding in any sum it joins.
   */
  private static final float NEGLIGIBLE = 1e-20f;

  private final engine cpu = new engine(engine.kind.cpu, 0);
  private final stream stream = new stream(cpu);
  private final int batch;
  private final int width;
  private final int numClasses;
  private final List<Runnable> forward = new ArrayList<>();
  private final List<Runnable> backward = new ArrayList<>();
  private final List<Dropout> dropouts = new ArrayList<>();
  private final float dropout;
  private final SplittableRandom masks;
  private final List<Trainable> trainables = new ArrayList<>();
  private final Map<memory, memory> gradientOf = new IdentityHashMap<>();
  private final List<String> implementations = new ArrayList<>();
  private final FloatBuffer input;
  private final FloatBuffer logits;
  private final FloatBuffer logitGradient;
  private final double[] exps;
  private final int[] batchClasses;
  private final boolean training;
  private final prop_kind forwardKind;
  private final Map<Trainable, memory> averageScratch = new IdentityHashMap<>();
  private Optional<MovingAverage> average = Optional.empty();
  private long steps;
  private long averaged;
  /** Rows of the current step that are examples; the rest of the batch is padding. */
  private int stepRows;

  /** A layer's backward step to its input's gradient and the weight layout it takes. */
  private record InputGradient(primitive primitive, memory.desc weightsLayout) {}

  /** One primitive and the memories it runs on. */
  private record Exec(primitive primitive, IntMemoryMap args, stream on) implements Runnable {
    @Override
    public void run() {
      primitive.execute(on, args);
    }
  }

  /**
   * Inverted dropout in place on a dense layer's input, as DL4J's: each value of a real row kept
   * with probability {@code 1 - rate} and divided by it, else set to 0; backprop multiplies the
   * input's gradient by the same mask. In place is safe: the layer before reads neither its
   * output (pooling backprop reads its workspace) nor more than its output's sign (ReLU's
   * backprop, and a kept value keeps its sign).
   *
   * @param gradient the input's gradient, or null when nothing is backpropagated to the input
   */
  private record Dropout(FloatBuffer values, FloatBuffer gradient, float[] mask, int width,
      long[] fromConvolution) {}

  /**
   * A layer's weights and bias, their gradients and Adam's moments, all in the forward
   * primitive's layout.
   *
   * @param dl4jLayer the index of the layer in DL4J's network
   * @param fromConvolution for the first dense layer after the convolutions, the shape {channels,
   *     height, width} of what it reads: DL4J flattens it channel-first, this graph channels-last
   */
  private record Trainable(int dl4jLayer, memory weights, memory weightGradient, memory bias,
      memory biasGradient, long[] plainWeightDims, long[] fromConvolution, Adam weightUpdate,
      Adam biasUpdate) {
    /** A convolution's weights: [out, in, k, k] in DL4J's layout and this graph's plain one. */
    boolean convolution() {
      return plainWeightDims.length == 4;
    }

    /** The plain layout DL4J's weights are converted to and from. */
    memory.format_tag plainTag() {
      return convolution() ? memory.format_tag.oihw : memory.format_tag.oi;
    }
  }

  /**
   * A parameter's values, its gradient, Adam's two moments and room for the moving average of its
   * values (filled and kept up only when the graph keeps one), element by element.
   */
  private record Adam(FloatBuffer value, FloatBuffer gradient, float[] mean, float[] square,
      float[] average) {
    static Adam of(memory value, memory gradient) {
      FloatBuffer values = floats(value);
      int n = values.capacity();
      return new Adam(values, floats(gradient), new float[n], new float[n], new float[n]);
    }

    void update(float alpha, float l2) {
      float b1 = (float) BETA1;
      float b2 = (float) BETA2;
      for (int i = 0; i < mean.length; i++) {
        float w = value.get(i);
        float g = gradient.get(i) + l2 * w;
        // Moments that decay below the smallest normal float are 0 (subnormal arithmetic is slow,
        // and a moment that small moves no weight).
        mean[i] = normal(b1 * mean[i] + (1 - b1) * g);
        square[i] = normal(b2 * square[i] + (1 - b2) * g * g);
        float step = alpha * mean[i] / ((float) Math.sqrt(square[i]) + EPSILON);
        value.put(i, negligibleToZero(w - step));
      }
    }

    private static float normal(float x) {
      return Math.abs(x) < Float.MIN_NORMAL ? 0f : x;
    }

    /** {@code average = d * average + (1 - d) * value}. */
    void fold(float d) {
      for (int i = 0; i < average.length; i++) {
        average[i] = negligibleToZero(d * average[i] + (1 - d) * value.get(i));
      }
    }

    void startAverage() {
      value.get(0, average);
    }
  }

  /** 0 for a value below {@link #NEGLIGIBLE}, which no sum it joins would notice. */
  private static float negligibleToZero(float x) {
    return Math.abs(x) < NEGLIGIBLE ? 0f : x;
  }

  /**
   * A graph to train with.
   *
   * @param batch the most rows a step takes
   * @param seed of the dropout masks (unused without dropout)
   */
  OneDnnGraph(NetworkSettings settings, InputShape shape, int numClasses, int batch, long seed) {
    this(settings, shape, numClasses, batch, seed, true);
  }

  /**
   * A graph that only predicts ({@link #probabilities}), {@code batch} rows a pass: the forward
   * pass without what backprop keeps, and without dropout.
   */
  static OneDnnGraph forPrediction(NetworkSettings settings, InputShape shape, int numClasses,
      int batch) {
    return new OneDnnGraph(settings, shape, numClasses, batch, 1, false);
  }

  private OneDnnGraph(NetworkSettings settings, InputShape shape, int numClasses, int batch,
      long seed, boolean training) {
    this.training = training;
    this.forwardKind = training ? prop_kind.forward_training : prop_kind.forward_inference;
    this.batch = batch;
    this.numClasses = numClasses;
    this.width = shape.features();
    this.dropout = (float) settings.dropout();
    this.masks = new SplittableRandom(Seeds.derive(seed, "dropout", 0));
    memory x;
    memory last;
    int dl4jLayer = 0;
    long[] fromConvolution = null;
    if (settings.architecture() == Architecture.CNN) {
      // DL4J's rows are channel-first; the convolutions' JIT kernels take channels-last (given
      // nchw, oneDNN falls back to its reference code). One channel is both; more are reordered.
      long[] imageDims = {batch, shape.channels(), shape.height(), shape.width()};
      x = plain(imageDims, shape.channels() == 1 ? memory.format_tag.nhwc
          : memory.format_tag.nchw);
      last = x;
      if (shape.channels() > 1) {
        last = plain(imageDims, memory.format_tag.nhwc);
        forward.add(exec(new reorder(x, last), DNNL_ARG_SRC, x, DNNL_ARG_DST, last));
      }
      int kernel = settings.kernel().orElseThrow();
      boolean first = true;
      for (int filters : settings.convFilters()) {
        last = maxPool(relu(convolution(last, filters, kernel, !first, dl4jLayer)));
        dl4jLayer += 2;
        first = false;
      }
      long[] dims = dims(last.get_desc());
      fromConvolution = new long[] {dims[1], dims[2], dims[3]};
      // The pooled maps as rows (their channels-last memory, unchanged) for a plain GEMM.
      memory rows = new memory(new memory.desc(new long[] {batch, dims[1] * dims[2] * dims[3]},
          F32, memory.format_tag.nc), cpu, last.get_data_handle());
      if (training) {
        gradientOf.put(rows, new memory(rows.get_desc(), cpu,
            gradient(last).get_data_handle()));
      }
      last = rows;
    } else {
      x = plain(new long[] {batch, width}, memory.format_tag.nc);
      last = x;
    }
    boolean needInputGradient = settings.architecture() == Architecture.CNN;
    for (int units : settings.dense()) {
      // DL4J drops out the input of each hidden dense layer, not the output layer's.
      last = relu(dense(last, units, needInputGradient, dl4jLayer, fromConvolution,
          training && dropout > 0));
      fromConvolution = null;
      needInputGradient = true;
      dl4jLayer++;
    }
    memory out = dense(last, numClasses, needInputGradient, dl4jLayer, fromConvolution, false);
    input = floats(x);
    logits = floats(out);
    logitGradient = training ? floats(gradient(out)) : null;
    exps = new double[numClasses];
    batchClasses = new int[batch];
  }

  /**
   * A scope that frees the oneDNN objects made while it is open (primitives, memories, their
   * descriptions) when it closes, and only those: a plain {@code PointerScope} would also take
   * ND4J's buffers made meanwhile, among them the shape descriptions ND4J caches for reuse, and
   * free them under DL4J's feet (a NULL pointer in the next forward pass).
   */
  static PointerScope scope() {
    return new PointerScope(memory.class, memory.desc.class, primitive.class,
        primitive_desc_base.class, IntMemoryMap.class, engine.class, stream.class);
  }

  /** {@code pd}, its implementation recorded (see {@link #implementations}). */
  private <T extends primitive_desc_base> T used(T pd) {
    implementations.add(pd.impl_info_str().getString());
    return pd;
  }

  /**
   * The oneDNN implementation of every primitive, e.g. {@code brgconv:avx512_core}: a {@code
   * ref} among them is oneDNN's reference code, hundreds of times slower than its JIT kernels,
   * which it falls back to without a word when no kernel takes the given layouts.
   */
  List<String> implementations() {
    return List.copyOf(implementations);
  }

  private memory gradient(memory activation) {
    return gradientOf.computeIfAbsent(activation, a -> new memory(a.get_desc(), cpu));
  }

  private memory convolution(memory in, int filters, int kernel, boolean needInputGradient,
      int dl4jLayer) {
    memory.desc src = in.get_desc();
    long[] srcDims = dims(src);
    long[] weightDims = {filters, srcDims[1], kernel, kernel};
    memory.desc weightsAny = new memory.desc(weightDims, F32, memory.format_tag.any);
    memory.desc biasDesc = new memory.desc(new long[] {filters}, F32, memory.format_tag.a);
    memory.desc dst = new memory.desc(new long[] {srcDims[0], filters, srcDims[2] - kernel + 1,
        srcDims[3] - kernel + 1}, F32, memory.format_tag.nhwc);
    convolution_forward.primitive_desc fwd = used(new convolution_forward.primitive_desc(
        new convolution_forward.desc(forwardKind, algorithm.convolution_direct,
            src, weightsAny, biasDesc, dst, ONE, ZERO, ZERO), cpu));
    Trainable t = trainable(dl4jLayer, fwd.weights_desc(), biasDesc, weightDims, null);
    memory out = new memory(dst, cpu);
    forward.add(exec(new convolution_forward(fwd), DNNL_ARG_SRC, in, DNNL_ARG_WEIGHTS,
        t.weights(), DNNL_ARG_BIAS, t.bias(), DNNL_ARG_DST, out));
    if (!training) {
      return out;
    }
    convolution_backward_weights.primitive_desc weightsBwd = used(
        new convolution_backward_weights.primitive_desc(new convolution_backward_weights.desc(
            algorithm.convolution_direct, src, weightsAny, biasDesc, dst, ONE, ZERO, ZERO), cpu,
            fwd));
    InputGradient inputGradient = null;
    if (needInputGradient) {
      convolution_backward_data.primitive_desc dataBwd = used(
          new convolution_backward_data.primitive_desc(new convolution_backward_data.desc(
              algorithm.convolution_direct, src, weightsAny, dst, ONE, ZERO, ZERO), cpu, fwd));
      inputGradient = new InputGradient(new convolution_backward_data(dataBwd),
          dataBwd.weights_desc());
    }
    backprop(in, out, t, new convolution_backward_weights(weightsBwd),
        weightsBwd.diff_weights_desc(), inputGradient);
    return out;
  }

  private memory dense(memory in, int units, boolean needInputGradient, int dl4jLayer,
      long[] fromConvolution, boolean dropoutOnInput) {
    if (dropoutOnInput) {
      dropout(in, needInputGradient, fromConvolution);
    }
    memory.desc src = in.get_desc();
    long[] srcDims = dims(src);
    long[] weightDims = {units, srcDims[1]};
    memory.desc weightsAny = new memory.desc(weightDims, F32, memory.format_tag.any);
    memory.desc biasDesc = new memory.desc(new long[] {units}, F32, memory.format_tag.a);
    memory.desc dst = new memory.desc(new long[] {srcDims[0], units}, F32,
        memory.format_tag.nc);
    inner_product_forward.primitive_desc fwd = used(new inner_product_forward.primitive_desc(
        new inner_product_forward.desc(forwardKind, src, weightsAny, biasDesc,
            dst), cpu));
    Trainable t = trainable(dl4jLayer, fwd.weights_desc(), biasDesc, weightDims,
        fromConvolution);
    memory out = new memory(dst, cpu);
    forward.add(exec(new inner_product_forward(fwd), DNNL_ARG_SRC, in, DNNL_ARG_WEIGHTS,
        t.weights(), DNNL_ARG_BIAS, t.bias(), DNNL_ARG_DST, out));
    if (!training) {
      return out;
    }
    inner_product_backward_weights.primitive_desc weightsBwd = used(
        new inner_product_backward_weights.primitive_desc(new inner_product_backward_weights.desc(
            src, weightsAny, biasDesc, dst), cpu, fwd));
    InputGradient inputGradient = null;
    if (needInputGradient) {
      inner_product_backward_data.primitive_desc dataBwd = used(
          new inner_product_backward_data.primitive_desc(new inner_product_backward_data.desc(
              src, weightsAny, dst), cpu, fwd));
      inputGradient = new InputGradient(new inner_product_backward_data(dataBwd),
          dataBwd.weights_desc());
    }
    backprop(in, out, t, new inner_product_backward_weights(weightsBwd),
        weightsBwd.diff_weights_desc(), inputGradient);
    return out;
  }

  /**
   * A layer's backprop steps, put before those of the layers already built (backprop runs the
   * last layer's first): its weight and bias gradients, then, if given, its input's.
   * Each backward primitive may want the weights in its own layout (given the forward one, oneDNN
   * falls back to its reference kernels, a thousand times slower), hence small reorders.
   */
  private void backprop(memory in, memory out, Trainable t, primitive weightsBwd,
      memory.desc gradientLayout, InputGradient inputGradient) {
    List<Runnable> steps = new ArrayList<>();
    memory rawGradient = inLayout(t.weightGradient(), gradientLayout);
    steps.add(exec(weightsBwd, DNNL_ARG_SRC, in, DNNL_ARG_DIFF_DST, gradient(out),
        DNNL_ARG_DIFF_WEIGHTS, rawGradient, DNNL_ARG_DIFF_BIAS, t.biasGradient()));
    reorderIfDifferent(rawGradient, t.weightGradient(), steps);
    if (inputGradient != null) {
      memory weights = inLayout(t.weights(), inputGradient.weightsLayout());
      reorderIfDifferent(t.weights(), weights, steps);
      steps.add(exec(inputGradient.primitive(), DNNL_ARG_DIFF_DST, gradient(out),
          DNNL_ARG_WEIGHTS, weights, DNNL_ARG_DIFF_SRC, gradient(in)));
    }
    backward.addAll(0, steps);
  }

  private Trainable trainable(int dl4jLayer, memory.desc weightsDesc, memory.desc biasDesc,
      long[] plainWeightDims, long[] fromConvolution) {
    memory weights = new memory(weightsDesc, cpu);
    zero(weights); // a blocked layout's padding stays zero: Adam never moves it (its gradient is 0)
    memory weightGradient = new memory(weightsDesc, cpu);
    zero(weightGradient);
    memory bias = new memory(biasDesc, cpu);
    memory biasGradient = new memory(biasDesc, cpu);
    Trainable t = new Trainable(dl4jLayer, weights, weightGradient, bias, biasGradient,
        plainWeightDims, fromConvolution, Adam.of(weights, weightGradient),
        Adam.of(bias, biasGradient));
    trainables.add(t);
    return t;
  }

  /**
   * Dropout on {@code in} before the layer that reads it; its backprop step goes before those
   * of the layers already built, so it runs right after the reading layer's input gradient.
   */
  private void dropout(memory in, boolean backpropagated, long[] fromConvolution) {
    FloatBuffer values = floats(in);
    int rowWidth = values.capacity() / batch;
    Dropout d = new Dropout(values, backpropagated ? floats(gradient(in)) : null,
        new float[values.capacity()], rowWidth, fromConvolution);
    dropouts.add(d);
    forward.add(() -> drop(d));
    if (backpropagated) {
      backward.add(0, () -> {
        for (int i = 0; i < stepRows * d.width(); i++) {
          d.gradient().put(i, d.gradient().get(i) * d.mask()[i]);
        }
      });
    }
  }

  private void drop(Dropout d) {
    float keep = 1 - dropout;
    float scale = 1 / keep;
    for (int i = 0; i < stepRows * d.width(); i++) {
      float m = masks.nextFloat() < keep ? scale : 0f;
      d.mask()[i] = m;
      d.values().put(i, d.values().get(i) * m);
    }
  }

  /** ReLU in place; its backward step reads the output, so nothing else is kept. */
  private memory relu(memory activation) {
    memory.desc desc = activation.get_desc();
    eltwise_forward.primitive_desc fwd = used(new eltwise_forward.primitive_desc(
        new eltwise_forward.desc(forwardKind,
            algorithm.eltwise_relu_use_dst_for_bwd, desc, 0f, 0f), cpu));
    forward.add(exec(new eltwise_forward(fwd), DNNL_ARG_SRC, activation, DNNL_ARG_DST,
        activation));
    if (!training) {
      return activation;
    }
    eltwise_backward.primitive_desc bwd = used(new eltwise_backward.primitive_desc(
        new eltwise_backward.desc(algorithm.eltwise_relu_use_dst_for_bwd, desc, desc, 0f, 0f),
        cpu, fwd));
    memory g = gradient(activation);
    backward.add(0, exec(new eltwise_backward(bwd), DNNL_ARG_DST, activation,
        DNNL_ARG_DIFF_DST, g, DNNL_ARG_DIFF_SRC, g));
    return activation;
  }

  /** 2x2 max-pooling, stride 2 (an odd row or column dropped, as DL4J's truncate mode). */
  private memory maxPool(memory in) {
    memory.desc src = in.get_desc();
    long[] srcDims = dims(src);
    memory.desc dst = new memory.desc(new long[] {srcDims[0], srcDims[1], srcDims[2] / 2,
        srcDims[3] / 2}, F32, memory.format_tag.nhwc);
    pooling_v2_forward.primitive_desc fwd = used(new pooling_v2_forward.primitive_desc(
        new pooling_v2_forward.desc(forwardKind, algorithm.pooling_max, src, dst, TWO, TWO,
            ZERO, ZERO, ZERO), cpu));
    memory out = new memory(dst, cpu);
    if (!training) {
      forward.add(exec(new pooling_v2_forward(fwd), DNNL_ARG_SRC, in, DNNL_ARG_DST, out));
      return out;
    }
    memory workspace = new memory(fwd.workspace_desc(), cpu);
    forward.add(exec(new pooling_v2_forward(fwd), DNNL_ARG_SRC, in, DNNL_ARG_DST, out,
        DNNL_ARG_WORKSPACE, workspace));
    pooling_v2_backward.primitive_desc bwd = used(new pooling_v2_backward.primitive_desc(
        new pooling_v2_backward.desc(algorithm.pooling_max, src, dst, TWO, TWO, ZERO, ZERO,
            ZERO), cpu, fwd));
    backward.add(0, exec(new pooling_v2_backward(bwd), DNNL_ARG_DIFF_DST, gradient(out),
        DNNL_ARG_WORKSPACE, workspace, DNNL_ARG_DIFF_SRC, gradient(in)));
    return out;
  }

  /**
   * One Adam step on rows {@code order[from..to)} of {@code rows} (each {@code width} values)
   * with their {@code classes}: softmax cross-entropy averaged over those rows, plus {@code l2}
   * times the weights (not the biases), as DL4J computes it.
   */
  void step(float[] rows, int[] classes, int[] order, int from, int to, double learningRate,
      double l2) {
    int count = to - from;
    for (int i = 0; i < count; i++) {
      input.put(i * width, rows, order[from + i] * width, width);
      batchClasses[i] = classes[order[from + i]];
    }
    step(count, learningRate, l2);
  }

  /** As the step above, on the first {@code count} rows of {@code rows} in their order. */
  void step(float[] rows, int[] classes, int count, double learningRate, double l2) {
    if (count < 1 || count > batch) {
      throw new IllegalArgumentException("count: " + count + " rows, but a step takes 1 to "
          + batch);
    }
    input.put(0, rows, 0, count * width);
    System.arraycopy(classes, 0, batchClasses, 0, count);
    step(count, learningRate, l2);
  }

  /** The step on the first {@code count} rows of the input, their classes in batchClasses. */
  private void step(int count, double learningRate, double l2) {
    if (!training) {
      throw new IllegalStateException("step: this graph only predicts");
    }
    stepRows = count;
    for (int i = count * width; i < batch * width; i++) {
      input.put(i, 0f);
    }
    forward.forEach(Runnable::run);
    for (int i = 0; i < batch; i++) {
      int base = i * numClasses;
      if (i >= count) {
        for (int k = 0; k < numClasses; k++) {
          logitGradient.put(base + k, 0f);
        }
        continue;
      }
      double sum = exponentiate(base);
      int label = batchClasses[i];
      for (int k = 0; k < numClasses; k++) {
        float g = (float) ((exps[k] / sum - (k == label ? 1 : 0)) / count);
        logitGradient.put(base + k, negligibleToZero(g));
      }
    }
    backward.forEach(Runnable::run);
    adam(learningRate, (float) l2);
  }

  /** DL4J's Adam: bias-corrected step size, epsilon added to the root of the second moment. */
  private void adam(double learningRate, float l2) {
    steps++;
    float alpha = (float) (learningRate * Math.sqrt(1 - Math.pow(BETA2, steps))
        / (1 - Math.pow(BETA1, steps)));
    for (Trainable t : trainables) {
      t.weightUpdate().update(alpha, l2);
      t.biasUpdate().update(alpha, 0f);
    }
    average.ifPresent(a -> {
      float d = (float) a.decayAfter(averaged++);
      for (Trainable t : trainables) {
        t.weightUpdate().fold(d);
        t.biasUpdate().fold(d);
      }
    });
  }

  /**
   * Keeps {@code a} moving average of the parameters from now on, starting at their current
   * values (after {@link #importParameters}); {@link #exportAverage} writes it out.
   */
  void keepAverage(MovingAverage a) {
    for (Trainable t : trainables) {
      t.weightUpdate().startAverage();
      t.biasUpdate().startAverage();
    }
    average = Optional.of(a);
    averaged = 0;
  }

  /**
   * The dropout masks of the last step, one per dropped-out layer input, each row by row in
   * DL4J's order of that input's values (0, or 1 / (1 - rate) for a kept value).
   */
  List<float[]> lastMasks() {
    List<float[]> out = new ArrayList<>();
    for (Dropout d : dropouts) {
      float[] mask = new float[d.mask().length];
      for (int i = 0; i < mask.length; i++) {
        int row = i / d.width();
        mask[row * d.width() + dl4jInput(i % d.width(), d.fromConvolution())] = d.mask()[i];
      }
      out.add(mask);
    }
    return out;
  }

  /**
   * Class probabilities (softmax) of the first {@code n} rows of {@code rows}, {@code batch} rows
   * a forward pass, row after row into one array.
   */
  float[] probabilities(float[] rows, int n) {
    float[] out = new float[n * numClasses];
    for (int start = 0; start < n; start += batch) {
      int count = Math.min(batch, n - start);
      input.put(0, rows, start * width, count * width);
      forward.forEach(Runnable::run);
      for (int i = 0; i < count; i++) {
        int base = i * numClasses;
        double sum = exponentiate(base);
        for (int k = 0; k < numClasses; k++) {
          out[(start + i) * numClasses + k] = (float) (exps[k] / sum);
        }
      }
    }
    return out;
  }

  /**
   * exp(logit - max logit) of the row whose logits start at {@code base}, into {@code exps};
   * returns their sum (the softmax's denominator).
   */
  private double exponentiate(int base) {
    float max = Float.NEGATIVE_INFINITY;
    for (int k = 0; k < numClasses; k++) {
      max = Math.max(max, logits.get(base + k));
    }
    double sum = 0;
    for (int k = 0; k < numClasses; k++) {
      exps[k] = Math.exp(logits.get(base + k) - max);
      sum += exps[k];
    }
    return sum;
  }

  /** The steps taken: DL4J's iteration count, which its learning-rate schedule is keyed by. */
  long steps() {
    return steps;
  }

  /** Copies DL4J's parameters of {@code net} into this graph's layouts. */
  void importParameters(MultiLayerNetwork net) {
    for (Trainable t : trainables) {
      float[] dl4j = values(net.getLayer(t.dl4jLayer()).getParam("W"));
      memory plain = plain(t.plainWeightDims(), t.plainTag());
      floats(plain).put(0, convert(dl4j, t, true));
      new reorder(plain, t.weights()).execute(stream, plain, t.weights());
      floats(t.bias()).put(0, values(net.getLayer(t.dl4jLayer()).getParam("b")));
    }
  }

  /** Writes this graph's parameters into {@code net}'s, in DL4J's layouts. */
  void exportParameters(MultiLayerNetwork net) {
    export(net, false);
  }

  /** Writes the moving average of the parameters ({@link #keepAverage}) into {@code net}'s. */
  void exportAverage(MultiLayerNetwork net) {
    if (average.isEmpty()) {
      throw new IllegalStateException("exportAverage: this graph keeps no moving average");
    }
    export(net, true);
  }

  private void export(MultiLayerNetwork net, boolean averaged) {
    for (Trainable t : trainables) {
      memory weights = t.weights();
      if (averaged) {
        weights = averageScratch.computeIfAbsent(t, w -> new memory(w.weights().get_desc(), cpu));
        floats(weights).put(0, t.weightUpdate().average());
      }
      memory plain = plain(t.plainWeightDims(), t.plainTag());
      new reorder(weights, plain).execute(stream, weights, plain);
      float[] values = new float[floats(plain).capacity()];
      floats(plain).get(0, values);
      INDArray w = net.getLayer(t.dl4jLayer()).getParam("W");
      w.assign(Nd4j.create(convert(values, t, false), w.shape(), 'c'));
      INDArray b = net.getLayer(t.dl4jLayer()).getParam("b");
      float[] bias = new float[(int) b.length()];
      if (averaged) {
        System.arraycopy(t.biasUpdate().average(), 0, bias, 0, bias.length);
      } else {
        floats(t.bias()).get(0, bias);
      }
      b.assign(Nd4j.create(bias, b.shape(), 'c'));
    }
  }

  /**
   * DL4J's weights in this graph's plain layout ({@code toPlain}), or back. Convolutions: both
   * [out, in, k, k]. Dense: DL4J [in, out], here [out, in]; after the convolutions DL4J's "in"
   * runs over (channel, row, column), this graph's over (row, column, channel).
   */
  private static float[] convert(float[] values, Trainable t, boolean toPlain) {
    if (t.convolution()) {
      return values;
    }
    int out = (int) t.plainWeightDims()[0];
    int in = (int) t.plainWeightDims()[1];
    float[] converted = new float[values.length];
    for (int k = 0; k < in; k++) {
      int dl4jRow = dl4jInput(k, t.fromConvolution());
      for (int o = 0; o < out; o++) {
        int plain = o * in + k;
        int dl4j = dl4jRow * out + o;
        if (toPlain) {
          converted[plain] = values[dl4j];
        } else {
          converted[dl4j] = values[plain];
        }
      }
    }
    return converted;
  }

  /** DL4J's input index of this graph's input {@code k} (channels-last after convolutions). */
  private static int dl4jInput(int k, long[] fromConvolution) {
    if (fromConvolution == null) {
      return k;
    }
    int channels = (int) fromConvolution[0];
    int height = (int) fromConvolution[1];
    int width = (int) fromConvolution[2];
    int c = k % channels;
    int pixel = k / channels; // row * width + column
    return c * height * width + pixel;
  }

  private static float[] values(INDArray param) {
    return param.dup('c').castTo(DataType.FLOAT).data().asFloat();
  }

  /** {@code m} itself when {@code desc} is its layout, else a new memory in {@code desc}. */
  private memory inLayout(memory m, memory.desc desc) {
    return m.get_desc().equals(desc) ? m : new memory(desc, cpu);
  }

  private void reorderIfDifferent(memory from, memory to, List<Runnable> steps) {
    if (from != to) {
      steps.add(exec(new reorder(from, to), DNNL_ARG_SRC, from, DNNL_ARG_DST, to));
    }
  }

  private memory plain(long[] dims, memory.format_tag tag) {
    return new memory(new memory.desc(dims, F32, tag), cpu);
  }

  private static long[] dims(memory.desc desc) {
    long[] out = new long[desc.data().ndims()];
    desc.data().dims().get(out);
    return out;
  }

  private static void zero(memory m) {
    FloatBuffer b = floats(m);
    for (int i = 0; i < b.capacity(); i++) {
      b.put(i, 0f);
    }
  }

  private static FloatBuffer floats(memory m) {
    long count = m.get_desc().get_size() / Float.BYTES;
    return new FloatPointer(m.get_data_handle()).capacity(count).limit(count).asBuffer();
  }

  private Exec exec(primitive p, Object... args) {
    IntMemoryMap map = new IntMemoryMap();
    for (int i = 0; i < args.length; i += 2) {
      map.put((Integer) args[i], (memory) args[i + 1]);
    }
    return new Exec(p, map, stream);
  }
}
