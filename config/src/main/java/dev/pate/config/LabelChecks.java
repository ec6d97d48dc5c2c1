package dev.pate.config;

import java.util.Map;

/**
 * Which label keys a CSV or image data set gives, each problem one line naming its key, made when
 * the config loads: a single-label table names its class column and classes ({@code
 * dataset.csv.label}, {@code classes}), a multi-label one its 0/1 label columns ({@code
 * dataset.csv.labels}), never both; single-label images name their classes, multi-label ones their
 * labels ({@code dataset.images.classes} or {@code labels}).
 */
final class LabelChecks {
  private LabelChecks() {}

  /** Reports every label-key problem of {@code dataset} to {@code problems}. */
  static void check(DatasetConfig dataset, Map<String, Given> given, Origin file,
      Problems problems) {
    dataset.csv().ifPresent(csv -> checkTable(csv, given, file, problems));
    dataset.images().ifPresent(images -> checkImages(images, given, file, problems));
  }

  private static void checkTable(CsvConfig csv, Map<String, Given> given, Origin file,
      Problems problems) {
    String at = "dataset.csv.";
    if (csv.multiLabel()) {
      if (csv.label().isPresent()) {
        add(given, file, problems, at + "label", "not used with dataset.csv.labels (the label"
            + " columns of a multi-label table); give one of them");
      }
      if (!csv.classes().isEmpty()) {
        add(given, file, problems, at + "classes", "not used with dataset.csv.labels: a"
            + " multi-label table's labels are its label columns, each 0 or 1; remove classes");
      }
      if (csv.stripLabelSuffix().isPresent()) {
        add(given, file, problems, at + "strip_label_suffix", "not used with"
            + " dataset.csv.labels: label columns hold 0 or 1; remove it");
      }
      return;
    }
    if (csv.label().isEmpty()) {
      add(given, file, problems, at + "label", "missing; expected the column holding the class"
          + " (or dataset.csv.labels, the 0/1 label columns of a multi-label table)");
    } else if (csv.classes().isEmpty()) {
      add(given, file, problems, at + "classes", "missing; expected the class names, at least"
          + " 2 (required with dataset.csv.label)");
    }
  }

  private static void checkImages(ImagesConfig images, Map<String, Given> given, Origin file,
      Problems problems) {
    String at = "dataset.images.";
    if (images.multiLabel() && !images.classes().isEmpty()) {
      add(given, file, problems, at + "classes", "not used with dataset.images.labels: a"
          + " multi-label image's labels come from its labels file; remove classes");
    } else if (!images.multiLabel() && images.classes().isEmpty()) {
      add(given, file, problems, at + "classes", "missing; expected the class names, at least 2"
          + " (or dataset.images.labels for multi-label images)");
    }
  }

  /** A problem at {@code key}, located where it was given (else at the file). */
  private static void add(Map<String, Given> given, Origin file, Problems problems, String key,
      String message) {
    Given at = given.get(key);
    problems.add(at != null ? at.origin() : file, key, message);
  }
}
