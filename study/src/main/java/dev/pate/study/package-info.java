/**
 * Studies on top of the pipeline: a grid of run configs ({@code pate sweep}), each point run
 * through {@code PatePipeline} in its own folder with the shared teacher cache and resumed after
 * an interruption ({@link dev.pate.study.StudyRunner}); cost estimates before anything runs
 * ({@link dev.pate.study.StudyPlanner}); and the results: one {@link dev.pate.study.StudyRow} per
 * point (read back from the point's report.json), results.csv, PNG plots drawn with XChart (label
 * accuracy against noise, epsilon against queries answered, student accuracy against the published
 * epsilon with the study's anchors) and a self-contained report.html; the frontier of settings
 * chosen on the validation split of the public data ({@code ParetoFrontier}) and
 * the best setting of each epsilon target as a ready-to-run config. A multi-label study has its
 * own rows ({@link dev.pate.study.MultiLabelRow}: F1 scores and label-set accuracies), results.csv
 * columns, plots against the guarantee and cost plan. Between studies, {@link
 * dev.pate.study.PairedComparison} judges a new setting against the current choice seed by seed
 * ({@code pate compare}).
 */
package dev.pate.study;
