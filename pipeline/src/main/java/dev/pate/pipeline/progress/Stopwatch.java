package dev.pate.pipeline.progress;

/** Wall-clock seconds since start. */
public record Stopwatch(long startNanos) {
  public static Stopwatch start() {
    return new Stopwatch(System.nanoTime());
  }

  public double seconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
