/**
 * The teacher cache: trained ensembles and their votes, content-addressed, shared by runs and
 * studies so that nothing is trained twice.
 *
 * <p>An ensemble's folder is {@code <output.dir>/cache/teachers/<hash>/}, where the hash ({@link
 * dev.pate.pipeline.cache.EnsembleKey}) covers everything that decides what the teachers learn: the
 * content of the data, the partitions, the teacher count, network and training settings and the
 * seed, but not how many threads trained them. Teachers are saved one by one as they finish
 * ({@code teacher-NNN.zip}, then its record {@code teacher-NNN.json}), so an interrupted training
 * resumes with the teachers it had; {@code manifest.json}, written last and atomically, marks the
 * ensemble complete. {@code votes.csv} holds the ensemble's vote counts per public image (by its
 * index in the test set), filled as queries ask for them: votes release nothing until the
 * aggregator answers, so they can be reused by any number of runs. Multi-label ensembles are kept
 * in the same layout under keys of their own format ({@link
 * dev.pate.pipeline.cache.EnsembleKey#multiLabel}); their {@code votes.csv} holds each teacher's
 * label set (a bit mask) per pool canvas, by its position in the pool.
 */
package dev.pate.pipeline.cache;
