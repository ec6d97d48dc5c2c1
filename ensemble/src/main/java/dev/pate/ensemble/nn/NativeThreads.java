package dev.pate.ensemble.nn;

import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;

/**
 * How many native threads (OpenMP in libnd4j and oneDNN, OpenBLAS, and ND4J's own pool) each
 * calling Java thread may use. With W workers each training its own network, pinning each worker
 * to 1 keeps it on one native thread, which on 2 cores trained small CNNs 2.2x faster than letting
 * every op fan out over all cores (measured; the ops are too small to parallelise well). A stage
 * that runs one network at a time (the student, the non-private ceiling) needs the opposite, so
 * the setting is scoped: {@link #pin} returns a {@link Scope} that puts back what was there
 * before, and a stage that must use every core asks for {@link #allCores()} explicitly rather than
 * relying on what an earlier stage left.
 *
 * <p>Two kinds of setting, and why workers call {@link #pinThisThread}: OpenBLAS's and ND4J's
 * thread counts are process-wide, but OpenMP's is an internal control variable of each thread
 * (libgomp): a Java thread starts with the process default (every core), whatever the thread that
 * created it had set. A pool pinned only from the thread that made it runs every op of every
 * worker on all cores: measured with 2 workers on 2 cores, 3400 teacher images per second
 * against 6000 with each worker pinned in its own thread.
 */
public final class NativeThreads {
  private NativeThreads() {}

  /** The native thread settings in force until {@link #close()}, which restores the previous. */
  public static final class Scope implements AutoCloseable {
    private final int omp;
    private final int blas;
    private final int environment;

    private Scope(int omp, int blas, int environment) {
      this.omp = omp;
      this.blas = blas;
      this.environment = environment;
    }

    @Override
    public void close() {
      apply(omp, blas, environment);
    }
  }

  /** Pins every native pool to {@code threads} until the returned scope is closed. */
  public static Scope pin(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: " + threads + " is not >= 1");
    }
    Nd4j.getBackend(); // NativeOpsHolder needs the backend loaded first.
    var ops = NativeOpsHolder.getInstance().getDeviceNativeOps();
    Scope previous = new Scope(ops.ompGetMaxThreads(), Nd4j.factory().blas().getMaxThreads(),
        Nd4j.getEnvironment().maxThreads());
    apply(threads, threads, threads);
    return previous;
  }

  /**
   * Pins OpenMP to {@code threads} for the calling thread, for the rest of its life: what a
   * worker thread calls first (see the class comment), inside a stage that {@link #pin}s the
   * process-wide settings.
   */
  public static void pinThisThread(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: " + threads + " is not >= 1");
    }
    Nd4j.getBackend();
    NativeOpsHolder.getInstance().getDeviceNativeOps().setOmpNumThreads(threads);
  }

  /** Every core the JVM may use, for a stage that trains or runs one network at a time. */
  public static Scope allCores() {
    return pin(Runtime.getRuntime().availableProcessors());
  }

  /** The OpenMP thread count now in force (what the next op may fan out over). */
  public static int current() {
    Nd4j.getBackend();
    return NativeOpsHolder.getInstance().getDeviceNativeOps().ompGetMaxThreads();
  }

  private static void apply(int omp, int blas, int environment) {
    NativeOpsHolder.getInstance().getDeviceNativeOps().setOmpNumThreads(omp);
    Nd4j.factory().blas().setMaxThreads(blas);
    Nd4j.getEnvironment().setMaxThreads(environment);
  }
}
