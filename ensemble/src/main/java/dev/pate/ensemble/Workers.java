package dev.pate.ensemble;

import dev.pate.ensemble.nn.NativeThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.nd4j.linalg.factory.Nd4j;

/** Small helpers for the worker pools that train and query teachers. */
final class Workers {
  private Workers() {}

  /**
   * A pool of {@code workers} threads for one stage, each pinned to {@code nativeThreads} native
   * threads: the process-wide settings (OpenBLAS, ND4J) for as long as the pool is open, and
   * OpenMP's, which is per thread, in each worker itself ({@link NativeThreads}). Closing it
   * stops the workers and restores what was pinned before.
   */
  static final class PinnedPool implements AutoCloseable {
    private final NativeThreads.Scope pinned;
    private final ExecutorService executor;

    PinnedPool(String prefix, int workers, int nativeThreads) {
      this.pinned = NativeThreads.pin(nativeThreads);
      AtomicInteger n = new AtomicInteger();
      this.executor = Executors.newFixedThreadPool(workers, r -> {
        Thread t = new Thread(() -> {
          NativeThreads.pinThisThread(nativeThreads);
          try {
            r.run();
          } finally {
            // ND4J's workspaces belong to their thread and hold native memory sized for the
            // largest network the thread ran; a worker that ends without destroying them leaves
            // them to the garbage collector, which the off-heap memory does not hurry (a sweep's
            // resident size grew by gigabytes per ensemble).
            Nd4j.getWorkspaceManager().destroyAllWorkspacesForCurrentThread();
          }
        }, prefix + "-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
    }

    <T> Future<T> submit(Callable<T> task) {
      return executor.submit(task);
    }

    /**
     * Runs every task on the pool and returns their results in task order; a task's own exception
     * is rethrown as it is ({@link #unwrap}), an interruption as an IllegalStateException naming
     * {@code what} was being done.
     */
    <T> List<T> all(List<Callable<T>> tasks, String what) {
      List<Future<T>> futures = new ArrayList<>(tasks.size());
      for (Callable<T> task : tasks) {
        futures.add(executor.submit(task));
      }
      List<T> results = new ArrayList<>(tasks.size());
      try {
        for (Future<T> future : futures) {
          results.add(future.get());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while " + what, e);
      } catch (ExecutionException e) {
        throw unwrap(e);
      }
      return results;
    }

    @Override
    public void close() {
      executor.shutdownNow();
      pinned.close();
    }
  }

  /** The worker's own exception, so callers see the real cause (e.g. a data error), not a wrapper. */
  static RuntimeException unwrap(ExecutionException e) {
    Throwable cause = e.getCause();
    if (cause instanceof RuntimeException re) {
      return re;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new IllegalStateException(cause.getMessage(), cause);
  }
}
