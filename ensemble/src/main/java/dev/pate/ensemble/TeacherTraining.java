package dev.pate.ensemble;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

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
 * @param trainer how a teacher learns from its partition when not by the built-in supervised fit
 *     of {@code network} with {@code augment} (empty), e.g. self-training on a public pool too
 */
public record TeacherTraining(NetworkSpec network, List<Augmentation> augment, int workers,
    int threadsPerWorker, TrainingEngine engine, Optional<PartitionTrainer> trainer) {

  /**
   * How one teacher learns from its private partition. A trainer may read public data besides
   * (it costs no privacy), never another teacher's partition: one private record must still
   * change one teacher only.
   */
  @FunctionalInterface
  public interface PartitionTrainer {
    /** The trained teacher of {@code partition}, from the teacher's own {@code seed}. */
    MultiLayerNetwork train(Dataset partition, long seed);
  }

  /** Teachers trained by the built-in supervised fit. */
  public TeacherTraining(NetworkSpec network, List<Augmentation> augment, int workers,
      int threadsPerWorker, TrainingEngine engine) {
    this(network, augment, workers, threadsPerWorker, engine, Optional.empty());
  }

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
    Objects.requireNonNull(trainer, "trainer");
  }

  /** The training {@code settings} describe, with their built-in network. */
  public static TeacherTraining of(TeacherSettings settings) {
    return new TeacherTraining(NetworkSpec.of(settings.network()), settings.augment(),
        settings.workers(), settings.threadsPerWorker(), settings.engine());
  }

  /** This training with another network. */
  public TeacherTraining withNetwork(NetworkSpec network) {
    return new TeacherTraining(network, augment, workers, threadsPerWorker, engine, trainer);
  }

  /** This training with each teacher trained by {@code trainer}. */
  public TeacherTraining withTrainer(PartitionTrainer trainer) {
    return new TeacherTraining(network, augment, workers, threadsPerWorker, engine,
        Optional.of(trainer));
  }
}
