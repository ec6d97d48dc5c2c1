/**
 * The non-private ceiling: the student's network trained on all private data with true labels,
 * for comparison only; never saved, reported as a private figure.
 */
package dev.pate.pipeline.baseline;
