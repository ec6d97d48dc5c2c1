package dev.pate.ensemble.nn;

import static java.util.Objects.requireNonNull;

import java.io.Serializable;
import java.util.List;
import java.util.OptionalInt;

/**
 * A built-in network architecture and how it trains (the YAML {@code network} blocks of
 * teachers and student read into this record). Checked at construction: a bad value is refused
 * with a message that names the parameter. Start from {@link #teacherDefaults()} or {@link
 * #studentDefaults()} and change what you need with {@link #toBuilder()}. Serializable (as its
 * {@link Serialized} form, since {@code OptionalInt} is not), so that a remote teacher backend can
 * send it to where teachers train; reading it back checks it again.
 *
 * @param architecture cnn or mlp
 * @param convFilters filters of each convolution layer, in order (1 to 4 layers); empty for mlp
 * @param kernel side of the square convolution kernels (odd, 1 to 9); empty for mlp
 * @param dense units of each hidden dense layer, in order (0 to 8 layers)
 * @param dropout dropout probability on hidden dense layers, in [0, 1)
 * @param epochs passes over the training data, >= 1
 * @param batchSize examples per gradient step, >= 1
 * @param learningRate Adam learning rate, > 0
 * @param learningRateSchedule constant, or linear decay towards 0 over training
 * @param l2 L2 regularisation coefficient on the weights, >= 0
 */
public record NetworkSettings(
    Architecture architecture,
    List<Integer> convFilters,
    OptionalInt kernel,
    List<Integer> dense,
    double dropout,
    int epochs,
    int batchSize,
    double learningRate,
    LearningRateSchedule learningRateSchedule,
    double l2) implements Serializable {

  private static final long serialVersionUID = 1L;

  private static final NetworkSettings TEACHER = new NetworkSettings(Architecture.CNN,
      List.of(16, 32), OptionalInt.of(5), List.of(128), 0.0, 15, 32, 0.001,
      LearningRateSchedule.LINEAR, 0.0);

  /**
   * The student sees far fewer examples than all teachers together (only the answered queries),
   * so it trains for more epochs, with wider convolutions and some dropout against overfitting.
   */
  private static final NetworkSettings STUDENT = TEACHER.toBuilder().convFilters(32, 64)
      .dropout(0.25).epochs(30).build();

  /** Checks every value; see the parameters for what each may be. */
  public NetworkSettings {
    requireNonNull(architecture, "architecture");
    convFilters = List.copyOf(requireNonNull(convFilters, "convFilters"));
    requireNonNull(kernel, "kernel");
    dense = List.copyOf(requireNonNull(dense, "dense"));
    requireNonNull(learningRateSchedule, "learningRateSchedule");
    boolean cnn = architecture == Architecture.CNN;
    if (cnn == convFilters.isEmpty() || cnn != kernel.isPresent()) {
      throw new IllegalArgumentException("convFilters and kernel: must be given for cnn and empty"
          + " for mlp; got " + architecture.id() + " with convFilters " + convFilters
          + ", kernel " + kernel);
    }
    checkLayers("convFilters", convFilters, 4);
    checkLayers("dense", dense, 8);
    if (kernel.isPresent() && (kernel.getAsInt() < 1 || kernel.getAsInt() > 9
        || kernel.getAsInt() % 2 == 0)) {
      throw new IllegalArgumentException("kernel: " + kernel.getAsInt()
          + " is not an odd number from 1 to 9");
    }
    if (!(dropout >= 0 && dropout < 1)) {
      throw new IllegalArgumentException("dropout: " + dropout + " is not in [0, 1)");
    }
    atLeastOne("epochs", epochs);
    atLeastOne("batchSize", batchSize);
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate: " + learningRate
          + " is not a finite number > 0");
    }
    if (!(l2 >= 0) || Double.isInfinite(l2)) {
      throw new IllegalArgumentException("l2: " + l2 + " is not a finite number >= 0");
    }
  }

  /** The teachers' defaults: cnn 16-32 kernel 5, dense 128, 15 epochs of 32, Adam 0.001 linear. */
  public static NetworkSettings teacherDefaults() {
    return TEACHER;
  }

  /** The student's defaults: the teachers' with conv 32-64, dropout 0.25 and 30 epochs. */
  public static NetworkSettings studentDefaults() {
    return STUDENT;
  }

  /** A builder that starts from these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The same network and training, for {@code epochs} epochs. */
  public NetworkSettings withEpochs(int epochs) {
    return toBuilder().epochs(epochs).build();
  }

  /**
   * The same architecture with every hidden layer (convolution filters, dense units) {@code
   * times} as wide: the shape {@link JoinedNetworks} puts {@code times} networks of these settings
   * into.
   */
  public NetworkSettings widened(int times) {
    atLeastOne("times", times);
    Builder wide = toBuilder()
        .dense(dense.stream().map(units -> units * times).toArray(Integer[]::new));
    return architecture == Architecture.CNN
        ? wide.convFilters(convFilters.stream().map(f -> f * times).toArray(Integer[]::new)).build()
        : wide.build();
  }

  private static void checkLayers(String name, List<Integer> layers, int most) {
    if (layers.size() > most) {
      throw new IllegalArgumentException(name + ": " + layers.size() + " layers, at most " + most);
    }
    for (int units : layers) {
      if (units < 1) {
        throw new IllegalArgumentException(name + ": " + layers + " has a layer of " + units
            + " (each >= 1)");
      }
    }
  }

  private static void atLeastOne(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + ": " + value + " is not >= 1");
    }
  }

  /** What is written instead of these settings when they are serialized. */
  private Object writeReplace() {
    return new Serialized(architecture, convFilters, kernel.orElse(Serialized.NO_KERNEL), dense,
        dropout, epochs, batchSize, learningRate, learningRateSchedule, l2);
  }

  /**
   * The serialized form of {@link NetworkSettings}: its values, with the kernel as a plain int
   * ({@link #NO_KERNEL} for none). Read back through the canonical constructor, so a stream
   * cannot make settings that construction would refuse.
   */
  private record Serialized(Architecture architecture, List<Integer> convFilters, int kernel,
      List<Integer> dense, double dropout, int epochs, int batchSize, double learningRate,
      LearningRateSchedule learningRateSchedule, double l2) implements Serializable {
    private static final long serialVersionUID = 1L;
    static final int NO_KERNEL = 0;

    private Object readResolve() {
      return new NetworkSettings(architecture, convFilters,
          kernel == NO_KERNEL ? OptionalInt.empty() : OptionalInt.of(kernel), dense, dropout,
          epochs, batchSize, learningRate, learningRateSchedule, l2);
    }
  }

  /** Changes some values of a {@link NetworkSettings}; {@link #build()} checks them all. */
  public static final class Builder {
    private Architecture architecture;
    private List<Integer> convFilters;
    private OptionalInt kernel;
    private List<Integer> dense;
    private double dropout;
    private int epochs;
    private int batchSize;
    private double learningRate;
    private LearningRateSchedule learningRateSchedule;
    private double l2;

    private Builder(NetworkSettings from) {
      architecture = from.architecture;
      convFilters = from.convFilters;
      kernel = from.kernel;
      dense = from.dense;
      dropout = from.dropout;
      epochs = from.epochs;
      batchSize = from.batchSize;
      learningRate = from.learningRate;
      learningRateSchedule = from.learningRateSchedule;
      l2 = from.l2;
    }

    /** Dense layers only: drops the convolution layers and kernel. */
    public Builder mlp() {
      architecture = Architecture.MLP;
      convFilters = List.of();
      kernel = OptionalInt.empty();
      return this;
    }

    /** Convolution layers with these filters and kernel side, then the dense layers. */
    public Builder cnn(List<Integer> convFilters, int kernel) {
      architecture = Architecture.CNN;
      this.convFilters = List.copyOf(convFilters);
      this.kernel = OptionalInt.of(kernel);
      return this;
    }

    /** Filters of each convolution layer (cnn). */
    public Builder convFilters(Integer... filters) {
      this.convFilters = List.of(filters);
      return this;
    }

    /** Units of each hidden dense layer (none: the output layer alone). */
    public Builder dense(Integer... units) {
      this.dense = List.of(units);
      return this;
    }

    public Builder dropout(double dropout) {
      this.dropout = dropout;
      return this;
    }

    public Builder epochs(int epochs) {
      this.epochs = epochs;
      return this;
    }

    public Builder batchSize(int batchSize) {
      this.batchSize = batchSize;
      return this;
    }

    public Builder learningRate(double learningRate) {
      this.learningRate = learningRate;
      return this;
    }

    public Builder learningRateSchedule(LearningRateSchedule schedule) {
      this.learningRateSchedule = schedule;
      return this;
    }

    public Builder l2(double l2) {
      this.l2 = l2;
      return this;
    }

    /** The settings, checked. */
    public NetworkSettings build() {
      return new NetworkSettings(architecture, convFilters, kernel, dense, dropout, epochs,
          batchSize, learningRate, learningRateSchedule, l2);
    }
  }
}
