package dev.pate.ensemble;

import dev.pate.ensemble.nn.NativeThreads;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Small helpers for the worker pools that train and query teachers. */
final class Workers {
  private Workers() {}

  /**
   * Daemon threads named {@code prefix-N}, each pinned to {@code nativeThreads} OpenMP threads
   * before it runs anything (OpenMP's count is per thread: {@link NativeThreads}).
   */
  static ThreadFactory pinned(String prefix, int nativeThreads) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(() -> {
        NativeThreads.pinThisThread(nativeThreads);
        r.run();
      }, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
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
