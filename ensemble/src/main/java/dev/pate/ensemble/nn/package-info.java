/**
 * Deeplearning4j plumbing shared by teachers and the student: building a network from a
 * {@code NetworkSettings}, turning image datasets into ND4J arrays, a seeded mini-batch training
 * loop, batched prediction, and pinning the native thread pools.
 */
package dev.pate.ensemble.nn;
