package dev.pate.pipeline.report;

/** Numbers as people write them: {@code 0.05}, {@code 40} rather than {@code 40.0}. */
public final class NumberText {
  private NumberText() {}

  public static String of(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
        : Double.toString(value);
  }
}
