/**
 * Datasets for PATE experiments, all seen by the pipeline as a {@link dev.pate.datasets.Dataset}:
 * immutable in-memory {@link dev.pate.datasets.ImageDataset}s of unsigned-byte pixels, loaded from
 * the MNIST-style IDX files by {@link dev.pate.datasets.ImageDatasets}, and {@link
 * dev.pate.datasets.TableDataset}s of encoded CSV rows (see {@link dev.pate.datasets.csv}). Every
 * example has a stable {@link dev.pate.datasets.ExampleId} so that the privacy-critical
 * disjointness of teacher partitions and the public set can be checked at run time (see {@link
 * dev.pate.datasets.split}).
 *
 * <p>Every problem with input data (missing file, wrong checksum, corrupt or truncated file) is
 * reported as a {@link dev.pate.files.UserError} whose message is one line naming the file,
 * what was wrong and what was expected; the CLI prints that line and exits with status 2.
 *
 * <p>This module is plain Java (no DL4J): the network modules turn features into their own arrays
 * through {@link dev.pate.datasets.Dataset#featuresAsFloats(int, float[], int)}.
 */
package dev.pate.datasets;
