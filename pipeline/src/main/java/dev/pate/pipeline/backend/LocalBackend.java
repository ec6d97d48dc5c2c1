package dev.pate.pipeline.backend;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.nn.Tensors;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code teachers.executor: local}: teachers trained in this JVM on {@code teachers.workers}
 * threads ({@link EnsembleTrainer}); the trained networks vote as they are, a cached ensemble is
 * loaded only when votes are needed.
 */
final class LocalBackend implements TeacherBackend {

  @Override
  public EnsembleVotes train(TeacherJob job, Consumer<TeacherRecord> saved) {
    Ensemble ensemble = new EnsembleTrainer(job.training()).train(job.partitions().teachers(),
        job.evaluation(), job.runSeed(), job.folder(), saved::accept, job.finished());
    return votesOf(ensemble);
  }

  @Override
  public EnsembleVotes load(Path folder, List<TeacherRecord> records, int numClasses) {
    return new EnsembleVotes() {
      private Ensemble ensemble;

      @Override
      public int[][] votes(Dataset queries, int workers, int threadsPerWorker) {
        return loaded().votes(queries, workers, threadsPerWorker);
      }

      @Override
      public int[][] votes(Dataset queries, int workers, int threadsPerWorker, int[] weights) {
        return loaded().votes(queries, workers, threadsPerWorker, weights);
      }

      private EnsembleVotes loaded() {
        if (ensemble == null) {
          ensemble = Ensemble.load(folder, records, numClasses);
        }
        return votesOf(ensemble);
      }
    };
  }

  private static EnsembleVotes votesOf(Ensemble ensemble) {
    return new EnsembleVotes() {
      @Override
      public int[][] votes(Dataset queries, int workers, int threadsPerWorker) {
        return ensemble.voteCounts(Tensors.features(queries), workers, threadsPerWorker);
      }

      @Override
      public int[][] votes(Dataset queries, int workers, int threadsPerWorker, int[] weights) {
        return ensemble.voteCounts(Tensors.features(queries), workers, threadsPerWorker,
            weights);
      }
    };
  }
}
