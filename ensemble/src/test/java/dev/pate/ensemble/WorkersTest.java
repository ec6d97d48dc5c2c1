package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ensemble.nn.NativeThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.memory.conf.WorkspaceConfiguration;
import org.nd4j.linalg.factory.Nd4j;

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

  /** What a worker left behind: its thread, and a workspace it used with the size it had then. */
  private record Used(Thread thread, MemoryWorkspace workspace, long sizeInUse) {}

  @Test
  void aWorkerDestroysItsWorkspacesWhenItEnds() throws Exception {
    WorkspaceConfiguration oneMiB = WorkspaceConfiguration.builder().initialSize(1 << 20).build();
    Used used;
    try (Workers.PinnedPool pool = new Workers.PinnedPool("t", 1, 1)) {
      used = pool.submit(() -> {
        MemoryWorkspace ws = Nd4j.getWorkspaceManager()
            .getAndActivateWorkspace(oneMiB, "WorkersTest");
        try (MemoryWorkspace scope = ws) {
          Nd4j.create(8, 8);
        }
        return new Used(Thread.currentThread(), ws, ws.getCurrentSize());
      }).get();
    }
    used.thread().join();
    assertTrue(used.sizeInUse() >= 1 << 20, "the workspace held its memory while in use");
    // Left to the garbage collector, a finished pool's workspaces keep their native memory (a
    // sweep's resident size grew by gigabytes per ensemble); the worker frees them as it ends.
    assertEquals(0, used.workspace().getCurrentSize(), "the ended worker's workspace");
  }
}
