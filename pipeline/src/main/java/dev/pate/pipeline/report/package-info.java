/**
 * What a run writes: its folder ({@link dev.pate.pipeline.report.RunFolder}, files written
 * atomically), report.json ({@link dev.pate.pipeline.report.RunReport}, with every figure of the
 * private data that no charge paid for inside an object named {@code private}), votes.csv and
 * labels.csv, the teachers' manifest, and the console summary that puts what may be published
 * first.
 */
package dev.pate.pipeline.report;
