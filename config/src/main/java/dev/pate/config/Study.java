package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A study: one YAML file whose {@code sweep} section expands its run config into a grid of points,
 * each an ordinary checked {@link RunConfig}. Load one with {@link StudyLoader}.
 *
 * @param name the study's name (the run name every point shares)
 * @param axes the swept keys in file order, then the repeats axis ({@code seed}) if any; empty for
 *     a file without a sweep (one point)
 * @param points every distinct point, in grid order (the last axis varies fastest)
 * @param notes what the loader decided that the user should know, e.g. that an override pinned a
 *     swept key
 * @param frontier the epsilon targets and published results (anchors) its frontier is compared
 *     with; {@link Frontier#NONE} without a {@code frontier} section
 */
public record Study(String name, List<SweepAxis> axes, List<StudyPoint> points, List<String> notes,
    Frontier frontier) {

  public Study {
    requireNonNull(name, "name");
    axes = List.copyOf(axes);
    points = List.copyOf(points);
    notes = List.copyOf(notes);
    requireNonNull(frontier, "frontier");
    if (points.isEmpty()) {
      throw new IllegalArgumentException("points: a study has at least one point");
    }
  }

  /** The swept key paths, in axis order (including {@code seed} when repeated). */
  public List<String> sweptKeys() {
    return axes.stream().map(SweepAxis::key).toList();
  }

  /** The config of the first point, for what every point shares (name, output folder, data). */
  public RunConfig first() {
    return points.get(0).config();
  }
}
