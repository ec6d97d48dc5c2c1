/**
 * {@code teachers.executor: spark}: teachers trained and queried by Apache Spark tasks on a
 * cluster's executors, with the same teachers and votes as the local executor. The pipeline finds
 * {@link dev.pate.spark.SparkBackendProvider} through {@link java.util.ServiceLoader}, so only this
 * module depends on Spark. Executors see the private partitions they train on: they belong inside
 * the data owner's trust boundary; only models (to the shared directory) and vote counts (to the
 * driver) leave a task.
 */
package dev.pate.spark;
