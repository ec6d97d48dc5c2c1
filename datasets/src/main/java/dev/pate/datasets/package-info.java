/**
 * Image datasets for PATE experiments: immutable in-memory {@link dev.pate.datasets.ImageDataset}s
 * of unsigned-byte pixels, loaded from the MNIST-style IDX files by {@link
 * dev.pate.datasets.ImageDatasets}, with a stable {@link dev.pate.datasets.ExampleId} per example
 * so that the privacy-critical disjointness of teacher partitions and the public set can be checked
 * at run time (see {@link dev.pate.datasets.split}).
 *
 * <p>Every problem with input data (missing file, wrong checksum, corrupt or truncated file) is
 * reported as a {@link dev.pate.datasets.DataException} whose message is one line naming the file,
 * what was wrong and what was expected; the CLI prints that line and exits with status 2.
 *
 * <p>This module is plain Java (no DL4J): the network modules turn pixels into their own arrays
 * through {@link dev.pate.datasets.ImageDataset#pixelsAsFloats(int, float[], int)}.
 */
package dev.pate.datasets;
