/**
 * The release: what a run may publish. {@link dev.pate.pipeline.release.ReleaseWriter} writes a
 * run's {@code release/} folder (the student in DL4J's format, {@link
 * dev.pate.pipeline.release.ReleaseManifest release.json}, the model card) from public
 * information and the privacy statement only; {@link dev.pate.pipeline.release.ReleasedModel}
 * loads a release and predicts, reading input files exactly as the run read its public data.
 */
package dev.pate.pipeline.release;
