package dev.pate.pipeline;

import dev.pate.config.RunConfig;
import dev.pate.config.TeachersConfig;
import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import dev.pate.pipeline.backend.ExecutorSettings;
import dev.pate.pipeline.backend.TeacherBackend;
import dev.pate.pipeline.backend.TeacherBackends;
import dev.pate.pipeline.labelling.ReleasePlan;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.labelling.RunRecord;
import dev.pate.pipeline.output.RunFolder;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The checks a run makes before anything expensive starts, for a new run, a resumed one and a
 * study point alike: everything that can refuse the run in a second must, rather than after its
 * teachers have trained for an hour. Each check lives where its subject does and exists once;
 * this class only runs them first, in order:
 *
 * <ol>
 *   <li>the config (loaded and checked before the pipeline exists) and the noise planned from it;
 *   <li>where the teachers train: {@code teachers.executor} has its backend on the class path
 *       ({@link TeacherBackends#of});
 *   <li>the output folder and the teacher cache can be written ({@link
 *       RunFolder#requireWritable});
 *   <li>in the folder of a run begun before: it is an unfinished run of this config ({@link
 *       RunPlace#open}), its plan.json is the noise planned now ({@link RunNoise#checkAgainst});
 *   <li>the labelling record: the ledger's chain, header (mechanism, noise, orders, budget, query
 *       count), charges in query order, a lost ledger, and a budget that can pay for a query at
 *       all ({@link RunRecord#read});
 *   <li>once the data has loaded (its files checked against their published sha256 as they are
 *       read): votes.csv against the query pool and the ledger ({@link RunRecord#withVotes}).
 * </ol>
 */
final class Preflight {
  private final RunNoise noise;
  private final RunRecord record;
  private final TeacherBackend backend;

  private Preflight(RunNoise noise, RunRecord record, TeacherBackend backend) {
    this.noise = noise;
    this.record = record;
    this.backend = backend;
  }

  /**
   * Checks 2 to 4, before any data is read.
   *
   * @param release the run's release of its data-dependent epsilon, if it makes one (planned
   *     from the config, so a release it cannot make was refused already)
   *
   * @throws UserError (or the ledger's own error) naming the file, line or key at fault
   */
  static Preflight check(RunConfig config, RunNoise noise, RunPlace place,
      Optional<ReleasePlan> release) {
    TeacherBackend backend = TeacherBackends.of(executor(config.teachers()));
    RunFolder.requireWritable(place.writesUnder(config));
    RunFolder.requireWritable(place.cache().root());
    Optional<Path> begun = place.begun();
    if (begun.isPresent()) {
      place.open(config);
      noise.checkAgainst(begun.get());
    }
    return new Preflight(noise, begun.isPresent()
        ? RunRecord.read(begun.get(), config, noise.aggregator(), release)
        : RunRecord.none(config, noise.aggregator(), release), backend);
  }

  /** The config's {@code teachers.executor} and its {@code teachers.spark} block, as settings. */
  static ExecutorSettings executor(TeachersConfig teachers) {
    return switch (teachers.executor()) {
      case LOCAL -> new ExecutorSettings.Local();
      case SPARK -> teachers.spark()
          .map(s -> new ExecutorSettings.Spark(s.master(), s.conf(), s.sharedDir(),
              s.teachersPerTask()))
          .orElseThrow(() -> new IllegalStateException("teachers.spark: missing although"
              + " teachers.executor is spark (the config loader fills it in)"));
    };
  }

  /** Where the run's teachers train and vote. */
  TeacherBackend backend() {
    return backend;
  }

  /** Check 5, once the run's folder is open and its query pool loaded. */
  RunRecord withPool(RunFolder folder, Dataset pool) {
    return record.withVotes(folder.path(), pool, noise.aggregator().roundSizes());
  }
}
