package dev.pate.config;

/** How the student learns from the aggregated labels (key {@code student.method}). */
public enum StudentMethod implements Choice {
  /** Train only on the labelled queries (more methods, such as semi-supervised, later). */
  SUPERVISED("supervised");

  private final String id;

  StudentMethod(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
