/**
 * One PATE run as a library. The API is this package's {@link dev.pate.pipeline.PatePipeline}
 * (built from a {@code RunConfig}, with your own data, networks and listener where you bring
 * them), {@link dev.pate.pipeline.PipelineResult} (report, run folder, student network, privacy
 * statement), and, in {@code progress}, {@link dev.pate.pipeline.progress.PipelineListener} and
 * {@link dev.pate.pipeline.progress.Stage}; with {@code NetworkSpec} ({@code dev.pate.ensemble.nn})
 * for networks and {@code Dataset} / {@code PublicSplit} ({@code dev.pate.datasets}) for data; and, to use a released student, {@code
 * dev.pate.pipeline.release.ReleasedModel} with its {@code ReleaseManifest}. A run checks first
 * whatever can refuse it in a second (see {@code Preflight}), before reading data or training.
 *
 * <p>The subpackages are the run's machinery, public so that the study module and the command line
 * can use them, not meant for library users: {@code data} (what a config's dataset section reads),
 * {@code labelling} (query selection in rounds, the labelling session on the ledger, the noise a
 * run uses), {@code cache} (trained ensembles and their votes), {@code report} (the run folder,
 * report.json and the other files a run writes), {@code release} (writing the release folder),
 * {@code baseline} (the non-private ceiling).
 */
package dev.pate.pipeline;
