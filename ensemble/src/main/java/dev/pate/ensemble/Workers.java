package dev.pate.ensemble;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Small helpers for the worker pools that train and query teachers. */
final class Workers {
  private Workers() {}

  static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
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
