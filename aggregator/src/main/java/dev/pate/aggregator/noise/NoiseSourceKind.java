package dev.pate.aggregator.noise;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where a run's random bits come from; the {@link #id()} is what reports and configs use. */
public enum NoiseSourceKind {
  /** {@code java.security.SecureRandom}: the only kind fit for releasing private answers. */
  SECURE("secure"),
  /**
   * A deterministic generator from a seed, for reproducible studies only: anyone who knows the
   * seed knows the noise, so its answers carry no privacy guarantee.
   */
  SEEDED("seeded");

  private final String id;

  NoiseSourceKind(String id) {
    this.id = id;
  }

  /** The name used in reports and configuration files: {@code secure} or {@code seeded}. */
  public String id() {
    return id;
  }

  /** The kind whose {@link #id()} is {@code id}. */
  public static NoiseSourceKind fromId(String id) {
    for (NoiseSourceKind kind : values()) {
      if (kind.id.equals(id)) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "noise source: "
            + id
            + " is not one of "
            + Arrays.stream(values()).map(NoiseSourceKind::id).collect(Collectors.joining(", ")));
  }
}
