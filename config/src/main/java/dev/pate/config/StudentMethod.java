package dev.pate.config;

/** How the student learns from the aggregated labels (key {@code student.method}). */
public enum StudentMethod implements Choice {
  /** Train only on the labelled queries (more methods, such as semi-supervised, later). */
  SUPERVISED;
}
