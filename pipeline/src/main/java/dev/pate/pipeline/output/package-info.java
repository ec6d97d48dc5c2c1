/**
 * The run folder and the plain files written into it ({@link dev.pate.pipeline.output.RunFolder},
 * files written atomically; JSON, votes.csv and labels.csv, numbers as text), below every stage,
 * so that a stage writes its files without depending on the report that sums the stages up.
 */
package dev.pate.pipeline.output;
