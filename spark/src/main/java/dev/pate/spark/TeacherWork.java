package dev.pate.spark;

import java.io.Serializable;

/**
 * One teacher of a task's group.
 *
 * @param index the teacher's index (its seed derives from it)
 * @param partition its private partition, or null when the shared directory already holds the
 *     teacher: then the task only loads it, and its private data never leaves the driver again
 */
record TeacherWork(int index, Examples partition) implements Serializable {
  private static final long serialVersionUID = 1L;
}
