package dev.pate.ensemble.nn;

import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;

/**
 * Sets how many native threads (OpenMP in libnd4j, and OpenBLAS) each calling Java thread may
 * use. The setting is process-wide: with W workers each training its own network, setting it to
 * 1 pins each worker to one native thread, which on 2 cores trained small CNNs 2.2x faster than
 * letting every op fan out over all cores (measured; the ops are too small to parallelise well).
 */
public final class NativeThreads {
  private NativeThreads() {}

  /** Applies {@code threads} to OpenMP, BLAS and ND4J's own pool; returns the previous OpenMP value. */
  public static int set(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: " + threads + " is not >= 1");
    }
    Nd4j.getBackend(); // NativeOpsHolder needs the backend loaded first.
    var ops = NativeOpsHolder.getInstance().getDeviceNativeOps();
    int previous = ops.ompGetMaxThreads();
    ops.setOmpNumThreads(threads);
    Nd4j.factory().blas().setMaxThreads(threads);
    Nd4j.getEnvironment().setMaxThreads(threads);
    return previous;
  }
}
