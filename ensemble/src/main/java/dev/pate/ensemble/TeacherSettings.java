package dev.pate.ensemble;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import java.io.Serializable;
import java.util.List;

/**
 * The teacher ensemble: {@code count} networks of a built-in architecture, each trained on its own
 * disjoint partition of the private data, {@code workers} at a time (the YAML block {@code
 * teachers} reads into these). Checked at construction, with messages that name the parameter.
 *
 * <pre>{@code
 * TeacherSettings teachers = TeacherSettings.defaults().toBuilder().count(100).workers(4).build();
 * }</pre>
 *
 * <p>Serializable, so that a remote teacher backend (Spark) can send them to where the teachers
 * train; reading them back checks them again.
 *
 * @param count number of teachers, >= 1
 * @param network every teacher's architecture and training
 * @param augment augmentations of each teacher's training images, redrawn every epoch (images
 *     only; empty for none)
 * @param workers teachers trained in parallel, >= 1
 * @param threadsPerWorker native (OpenMP/BLAS) threads of each worker, >= 1
 * @param engine what runs each teacher's training steps: {@link TrainingEngine#ONEDNN} trains
 *     the built-in networks; {@link TrainingEngine#AUTO} takes it where it can
 */
public record TeacherSettings(int count, NetworkSettings network, List<Augmentation> augment,
    int workers, int threadsPerWorker, TrainingEngine engine) implements Serializable {

  private static final long serialVersionUID = 2L;
  private static final TeacherSettings DEFAULTS = new TeacherSettings(250,
      NetworkSettings.teacherDefaults(), List.of(), 2, 1);

  /** Settings whose teachers the fastest engine that can train them trains ({@code auto}). */
  public TeacherSettings(int count, NetworkSettings network, List<Augmentation> augment,
      int workers, int threadsPerWorker) {
    this(count, network, augment, workers, threadsPerWorker, TrainingEngine.AUTO);
  }

  /** Checks every value; see the parameters for what each may be. */
  public TeacherSettings {
    if (count < 1) {
      throw new IllegalArgumentException("count: " + count + " is not >= 1");
    }
    requireNonNull(network, "network");
    augment = List.copyOf(requireNonNull(augment, "augment"));
    if (workers < 1) {
      throw new IllegalArgumentException("workers: " + workers + " is not >= 1");
    }
    if (threadsPerWorker < 1) {
      throw new IllegalArgumentException("threadsPerWorker: " + threadsPerWorker
          + " is not >= 1");
    }
    requireNonNull(engine, "engine");
    engine.requireCanTrain(NetworkSpec.of(network));
  }

  /** 250 teachers of {@link NetworkSettings#teacherDefaults()}, no augmentation, 2 workers. */
  public static TeacherSettings defaults() {
    return DEFAULTS;
  }

  /** A builder that starts from these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some values of a {@link TeacherSettings}; {@link #build()} checks them all. */
  public static final class Builder {
    private int count;
    private NetworkSettings network;
    private List<Augmentation> augment;
    private int workers;
    private int threadsPerWorker;
    private TrainingEngine engine;

    private Builder(TeacherSettings from) {
      count = from.count;
      network = from.network;
      augment = from.augment;
      workers = from.workers;
      threadsPerWorker = from.threadsPerWorker;
      engine = from.engine;
    }

    public Builder count(int count) {
      this.count = count;
      return this;
    }

    public Builder network(NetworkSettings network) {
      this.network = network;
      return this;
    }

    public Builder augment(Augmentation... augment) {
      this.augment = List.of(augment);
      return this;
    }

    public Builder workers(int workers) {
      this.workers = workers;
      return this;
    }

    public Builder threadsPerWorker(int threadsPerWorker) {
      this.threadsPerWorker = threadsPerWorker;
      return this;
    }

    public Builder engine(TrainingEngine engine) {
      this.engine = engine;
      return this;
    }

    /** The settings, checked. */
    public TeacherSettings build() {
      return new TeacherSettings(count, network, augment, workers, threadsPerWorker, engine);
    }
  }
}
