package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The teacher ensemble (YAML block {@code teachers}): {@code count} networks, each trained on its
 * own disjoint partition of the private data.
 *
 * @param count number of teachers
 * @param workers teachers trained in parallel
 * @param threadsPerWorker native (OpenMP/BLAS) threads of each worker
 * @param network every teacher's architecture and training
 * @param augment augmentations of each teacher's training images, redrawn every epoch
 */
public record TeachersConfig(int count, int workers, int threadsPerWorker, NetworkConfig network,
    List<Augmentation> augment) {

  static final Key<TeachersConfig, Integer> COUNT =
      Key.of(
          "count",
          NumberType.integer().atLeast(1),
          250,
          "number of teachers; each trains on its own disjoint partition of the private data",
          TeachersConfig::count);

  static final Key<TeachersConfig, Integer> WORKERS =
      Key.of(
          "workers",
          NumberType.integer().atLeast(1),
          2,
          "teachers trained in parallel",
          TeachersConfig::workers);

  static final Key<TeachersConfig, Integer> THREADS_PER_WORKER =
      Key.of(
          "threads_per_worker",
          NumberType.integer().atLeast(1),
          1,
          "native (OpenMP/BLAS) threads each worker uses",
          TeachersConfig::threadsPerWorker);

  static final Child<TeachersConfig, NetworkConfig> NETWORK =
      new Child<>(NetworkConfig.SECTION, TeachersConfig::network);

  /**
   * A teacher sees a few hundred images (240 each for 250 MNIST teachers), so it overfits them;
   * shifted and rotated copies are a cheap cure that costs no privacy (the same private images).
   */
  static final Key<TeachersConfig, List<Augmentation>> AUGMENT =
      Key.of(
          "augment",
          Augmentation.listType(),
          List.of(),
          "augmentations of each teacher's training images (image datasets), redrawn each"
              + " epoch: any of shift, rotate, cutout, elastic; none by default",
          TeachersConfig::augment);

  static final Section<TeachersConfig> SECTION =
      Section.of(
          "teachers",
          "the teacher ensemble trained on disjoint partitions of the private data",
          List.of(COUNT, WORKERS, THREADS_PER_WORKER, NETWORK, AUGMENT),
          v ->
              new TeachersConfig(v.get(COUNT), v.get(WORKERS), v.get(THREADS_PER_WORKER),
                  v.get(NETWORK), v.get(AUGMENT)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public TeachersConfig {
    requireNonNull(network, "network");
    augment = List.copyOf(augment);
  }

  /** Teachers trained without augmentation. */
  public TeachersConfig(int count, int workers, int threadsPerWorker, NetworkConfig network) {
    this(count, workers, threadsPerWorker, network, List.of());
  }
}
