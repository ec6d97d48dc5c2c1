/**
 * What a run reports: report.json ({@link dev.pate.pipeline.report.RunReport}, with every figure
 * of the private data that no charge paid for inside an object named {@code private}, assembled
 * by {@link dev.pate.pipeline.report.Reports} from what the stages produced), the teachers'
 * manifest, the provenance, and the console summary that puts what may be published first.
 */
package dev.pate.pipeline.report;
