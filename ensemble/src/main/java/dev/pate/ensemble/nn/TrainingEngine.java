package dev.pate.ensemble.nn;

import java.util.Locale;
import java.util.Optional;

/** What runs a teacher's training steps (key {@code teachers.engine}). */
public enum TrainingEngine {
  /** {@link #ONEDNN} where it can train the network, else {@link #DL4J}: see {@link #resolve}. */
  AUTO,

  /** DL4J's layers ({@code MultiLayerNetwork.fit}): every network pate builds. */
  DL4J,

  /**
   * oneDNN's primitives directly ({@link OneDnnTrainer}), the network then handed to DL4J as
   * before: the built-in cnn and mlp networks; about three times DL4J's speed.
   */
  ONEDNN;

  /** The id in YAML files and reports: the name in lower case. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The engine's name in cache keys: its id, and for onednn the revision of its arithmetic. A
   * change that alters what the engine trains from the same seed (revision 2: values below 1e-20
   * set to 0, see OneDnnGraph) changes this, so that networks cached by the earlier arithmetic
   * are not taken for what this one would train.
   */
  public String cacheId() {
    return this == ONEDNN ? id() + "-2" : id();
  }

  /** The engine that trains {@code network}: this one, or for {@link #AUTO} the fastest that can. */
  public TrainingEngine resolve(NetworkSpec network) {
    if (this != AUTO) {
      return this;
    }
    return ONEDNN.problemWith(network).isEmpty() ? ONEDNN : DL4J;
  }

  /**
   * Checks that this engine can train {@code network}.
   *
   * @throws IllegalArgumentException naming the engine and what it cannot train
   */
  public void requireCanTrain(NetworkSpec network) {
    problemWith(network).ifPresent(problem -> {
      throw new IllegalArgumentException("engine: " + id() + " cannot train " + problem);
    });
  }

  /** Why this engine cannot train {@code network}, or empty if it can. */
  public Optional<String> problemWith(NetworkSpec network) {
    if (this != ONEDNN) {
      return Optional.empty();
    }
    return network.builtIn().isPresent() ? Optional.empty()
        : Optional.of("a network given in code (the onednn engine trains the built-in cnn and"
            + " mlp)");
  }
}
