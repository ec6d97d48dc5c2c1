/**
 * Deeplearning4j plumbing shared by teachers and the student: building a network from a
 * {@code NetworkSettings}, turning image datasets into ND4J arrays, a seeded mini-batch training
 * loop, batched prediction, pinning the native thread pools, and the layers pate adds to DL4J's
 * for speed (and their plain-DL4J equivalents for released models).
 */
package dev.pate.ensemble.nn;
