package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the budgets of private data sets are kept (YAML block {@code privacy.dataset_budget}). A
 * run whose private data has a budget there ({@code pate budget init}) charges it: it reserves its
 * worst case before its teachers train and is refused if that does not fit.
 *
 * @param dir the folder of the budget files; empty: {@code <output.dir>/budgets}
 */
public record DatasetBudgetConfig(Optional<Path> dir) {

  static final Key<DatasetBudgetConfig, Path> DIR =
      Key.nullable(
          "dir",
          PathType.asWritten(),
          "folder of the data sets' budgets (<content sha256>.jsonl, made by pate budget init):"
              + " a run whose private data has one there charges it; when null:"
              + " <output.dir>/budgets. Give a shared folder to share a budget between people",
          DatasetBudgetConfig::dir);

  static final Section<DatasetBudgetConfig> SECTION =
      Section.of(
          "dataset_budget",
          "the budget of the private data set, shared by every run over it",
          List.of(DIR),
          v -> new DatasetBudgetConfig(v.find(DIR)));

  public DatasetBudgetConfig {
    requireNonNull(dir, "dir");
  }

  /** The default: budgets under the output folder. */
  public static DatasetBudgetConfig none() {
    return new DatasetBudgetConfig(Optional.empty());
  }
}
