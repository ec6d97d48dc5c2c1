package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.ensemble.nn.NativeThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * OpenMP's thread count belongs to each thread: pinning the thread that makes a pool does not pin
 * the pool's threads, so the workers pin themselves.
 */
class WorkersTest {
  private static int ompThreadsIn(ExecutorService pool) throws Exception {
    try {
      return pool.submit(NativeThreads::current).get();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aPinnedWorkerRunsOnItsOwnThreadCountWhateverItsCreatorHas() throws Exception {
    // What a new thread starts with (every core, or OMP_NUM_THREADS as the build's tests set).
    int fresh = ompThreadsIn(Executors.newSingleThreadExecutor());
    int other = fresh == 1 ? 2 : 1;
    try (NativeThreads.Scope creator = NativeThreads.pin(other)) {
      assertEquals(other, NativeThreads.current());
      // The creator's pin does not reach a thread it makes: that is why workers pin themselves.
      assertEquals(fresh, ompThreadsIn(Executors.newSingleThreadExecutor()));
    }
    int before = NativeThreads.current();
    try (Workers.PinnedPool pool = new Workers.PinnedPool("t", 1, other)) {
      assertEquals(other, pool.submit(NativeThreads::current).get());
    }
    assertEquals(before, NativeThreads.current(), "closing the pool restores the creator's");
  }
}
