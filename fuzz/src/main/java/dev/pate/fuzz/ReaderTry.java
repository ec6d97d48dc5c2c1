package dev.pate.fuzz;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One fuzz try of a reader: the read must return, or throw one of the reader's user-error types,
 * within {@link #TIME_LIMIT}, and allocate no more than its input justifies. Anything else (another
 * exception, an error such as {@code OutOfMemoryError}, a hang, an allocation sized by a number in
 * a header rather than by the bytes that are there) fails the try with what happened.
 *
 * <p>Allocation is measured on the thread that reads (HotSpot's per-thread allocation counter), so
 * jqwik's own work is not counted. The bound is {@code perInputByte} times the bytes the input
 * justifies, plus {@link #SLACK} for what any read allocates (buffers, messages, regular
 * expressions): a header claiming 10^12 rows is caught by it, a reader that allocates a few arrays
 * per byte it has read is not.
 */
public final class ReaderTry {
  /** Far longer than any read of a fuzz input takes, even on a loaded machine. */
  public static final Duration TIME_LIMIT = Duration.ofSeconds(20);

  /** What any read may allocate whatever its input. */
  public static final long SLACK = 8L << 20;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static ExecutorService worker = newWorker();

  private final long justifiedBytes;
  private final int perInputByte;
  private final List<Class<? extends Throwable>> userErrors;
  private final boolean oneLine;

  private ReaderTry(long justifiedBytes, int perInputByte,
      List<Class<? extends Throwable>> userErrors, boolean oneLine) {
    this.justifiedBytes = justifiedBytes;
    this.perInputByte = perInputByte;
    this.userErrors = userErrors;
    this.oneLine = oneLine;
  }

  /**
   * @param justifiedBytes what the input can stand for: its length, or for compressed input the
   *     length it inflates to
   * @param perInputByte allocation allowed per justified byte
   * @param userErrors the exception types the reader reports bad input with
   */
  @SafeVarargs
  public static ReaderTry of(long justifiedBytes, int perInputByte,
      Class<? extends Throwable>... userErrors) {
    if (justifiedBytes < 0 || perInputByte < 1) {
      throw new IllegalArgumentException("justifiedBytes, perInputByte: " + justifiedBytes + ", "
          + perInputByte);
    }
    return new ReaderTry(justifiedBytes, perInputByte, List.of(userErrors), true);
  }

  /**
   * The same try for a reader whose error lists its problems one per line (a config's), which
   * the command line joins into one.
   */
  public ReaderTry problemPerLine() {
    return new ReaderTry(justifiedBytes, perInputByte, userErrors, false);
  }

  /** Runs {@code read}; returns its result, or null if it reported a user error. */
  public <T> T run(Callable<T> read) {
    Objects.requireNonNull(read, "read");
    Future<Measured<T>> future = worker().submit(() -> measure(read));
    Measured<T> measured;
    try {
      measured = future.get(TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      replaceWorker();
      throw new AssertionError("the read did not end within " + TIME_LIMIT + " (a hang?)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    } catch (ExecutionException e) {
      throw new AssertionError(e.getCause());
    }
    long bound = perInputByte * justifiedBytes + SLACK;
    if (measured.allocated() > bound) {
      throw new AssertionError("the read allocated " + measured.allocated() + " bytes for "
          + justifiedBytes + " bytes of input (at most " + bound + " allowed)",
          measured.failure());
    }
    if (measured.failure() == null) {
      return measured.result();
    }
    if (userErrors.stream().anyMatch(type -> type.isInstance(measured.failure()))) {
      String message = measured.failure().getMessage();
      if (message == null || message.isBlank() || oneLine && message.contains("\n")) {
        throw new AssertionError("a user error must be " + (oneLine ? "one line" : "said")
            + ": " + message, measured.failure());
      }
      return null;
    }
    throw new AssertionError("not a user error (" + userErrors + "): " + measured.failure(),
        measured.failure());
  }

  private record Measured<T>(T result, Throwable failure, long allocated) {}

  private static <T> Measured<T> measure(Callable<T> read) {
    long before = THREADS.getCurrentThreadAllocatedBytes();
    T result = null;
    Throwable failure = null;
    try {
      result = read.call();
    } catch (Throwable t) { // an Error is a finding too: it is reported, not rethrown
      failure = t;
    }
    return new Measured<>(result, failure, THREADS.getCurrentThreadAllocatedBytes() - before);
  }

  private static synchronized ExecutorService worker() {
    return worker;
  }

  private static synchronized void replaceWorker() {
    worker.shutdownNow();
    worker = newWorker();
  }

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "fuzz-read");
      t.setDaemon(true);
      return t;
    });
  }
}
