package dev.pate.cli;

/** Wall-clock seconds since start. */
record Stopwatch(long startNanos) {
  static Stopwatch start() {
    return new Stopwatch(System.nanoTime());
  }

  double seconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
