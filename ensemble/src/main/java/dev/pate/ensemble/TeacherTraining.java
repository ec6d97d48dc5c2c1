package dev.pate.ensemble;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Objects;

/**
 * How teachers are trained: their network, the augmentation of their images, and the workers that
 * train them in parallel, each with its own pinned native threads.
 *
 * @param network what each teacher is and how long it trains
 * @param augment the augmentations applied to each teacher's images afresh every epoch (images
 *     only; empty for none)
 * @param workers teachers trained at once
 * @param threadsPerWorker native (BLAS/OpenMP) threads of each worker
 * @param engine what runs each teacher's training steps
 */
public record TeacherTraining(NetworkSpec network, List<Augmentation> augment, int workers,
    int threadsPerWorker, TrainingEngine engine) {

  public TeacherTraining {
    Objects.requireNonNull(network, "network");
    augment = List.copyOf(augment);
    if (workers < 1) {
      throw new IllegalArgumentException("workers: " + workers + " is not >= 1");
    }
    if (threadsPerWorker < 1) {
      throw new IllegalArgumentException("threadsPerWorker: " + threadsPerWorker
          + " is not >= 1");
    }
    Objects.requireNonNull(engine, "engine");
    engine.requireCanTrain(network);
  }

  /** The training {@code settings} describe, with their built-in network. */
  public static TeacherTraining of(TeacherSettings settings) {
    return new TeacherTraining(NetworkSpec.of(settings.network()), settings.augment(),
        settings.workers(), settings.threadsPerWorker(), settings.engine());
  }

  /** This training with another network. */
  public TeacherTraining withNetwork(NetworkSpec network) {
    return new TeacherTraining(network, augment, workers, threadsPerWorker, engine);
  }
}
