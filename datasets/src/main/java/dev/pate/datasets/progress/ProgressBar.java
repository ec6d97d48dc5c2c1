package dev.pate.datasets.progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A console progress bar: {@code label [#####...............] 12/50 24% ETA 1m05s}.
 *
 * <p>On a terminal the line is redrawn in place with carriage returns (at most about ten times a
 * second); otherwise, so that CI logs stay readable, a full line is printed each time another 10%
 * is done. {@link #done()} prints the final line with the elapsed time. All methods are
 * synchronized: several threads (e.g. teachers trained in parallel) may call {@link #step(long)}.
 *
 * <p>The ETA assumes the remaining work proceeds at the average rate so far.
 */
public final class ProgressBar {
  private static final int BAR_WIDTH = 20;
  private static final long REDRAW_INTERVAL_NANOS = 100_000_000L;

  private final String label;
  private final long total;
  private final PrintStream out;
  private final boolean interactive;
  private final LongSupplier nanoClock;
  private final LongFunction<String> countFormat;
  private final long startNanos;

  private long current;
  private int printedTenths;
  private long lastRedrawNanos;
  private int lastLineLength;
  private boolean finished;
  private String note = "";

  /**
   * A bar counting {@code total} units, drawn in place if {@code out} is {@code System.out} or
   * {@code System.err} and the JVM has a console, otherwise printed as log lines.
   */
  public ProgressBar(String label, long total, PrintStream out) {
    this(label, total, out, isTerminal(out));
  }

  /** A bar that redraws in place if {@code interactive}, otherwise prints a line every 10%. */
  public ProgressBar(String label, long total, PrintStream out, boolean interactive) {
    this(label, total, out, interactive, System::nanoTime, Long::toString);
  }

  ProgressBar(
      String label,
      long total,
      PrintStream out,
      boolean interactive,
      LongSupplier nanoClock,
      LongFunction<String> countFormat) {
    this.label = Objects.requireNonNull(label, "label");
    if (total < 0) {
      throw new IllegalArgumentException("total: " + total + " is not >= 0");
    }
    this.total = total;
    this.out = Objects.requireNonNull(out, "out");
    this.interactive = interactive;
    this.nanoClock = nanoClock;
    this.countFormat = countFormat;
    this.startNanos = nanoClock.getAsLong();
    this.lastRedrawNanos = startNanos - REDRAW_INTERVAL_NANOS;
  }

  /** A bar for a byte count, shown in megabytes ({@code 4.2/9.9 MB}). */
  public static ProgressBar forBytes(String label, long totalBytes, PrintStream out) {
    return new ProgressBar(
        label, totalBytes, out, isTerminal(out), System::nanoTime, ProgressBar::megabytes);
  }

  /** True if {@code out} is the JVM's standard output or error and the JVM has a console. */
  private static boolean isTerminal(PrintStream out) {
    return System.console() != null && (out == System.out || out == System.err);
  }

  /**
   * Shows {@code note} after the count from the next redraw on, e.g. the student's accuracy and
   * pseudo-label count of the last epoch.
   */
  public synchronized void note(String note) {
    this.note = Objects.requireNonNull(note, "note");
  }

  /** Records one more unit done. */
  public void step() {
    step(1);
  }

  /** Records {@code n} more units done. */
  public synchronized void step(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("n: " + n + " is not >= 0");
    }
    if (finished) {
      return;
    }
    current += n;
    long now = nanoClock.getAsLong();
    if (interactive) {
      if (now - lastRedrawNanos >= REDRAW_INTERVAL_NANOS || current >= total) {
        redraw(render(now, false));
        lastRedrawNanos = now;
      }
    } else {
      int tenths = tenths();
      if (tenths > printedTenths) {
        printedTenths = tenths;
        out.println(render(now, false));
        out.flush();
      }
    }
  }

  /** Prints the final line with the elapsed time; later calls and steps are ignored. */
  public synchronized void done() {
    if (finished) {
      return;
    }
    finished = true;
    String line = render(nanoClock.getAsLong(), true);
    if (interactive) {
      redraw(line);
      out.println();
    } else {
      out.println(line);
    }
    out.flush();
  }

  /** Units done so far. */
  public synchronized long current() {
    return current;
  }

  /** The line for the current state. */
  synchronized String render(long nowNanos, boolean last) {
    long shown = Math.min(current, total);
    int percent = total == 0 ? 100 : (int) (100 * shown / total);
    int filled = total == 0 ? BAR_WIDTH : (int) (BAR_WIDTH * shown / total);
    StringBuilder line = new StringBuilder(label.length() + 60);
    line.append(label).append(" [");
    line.append("#".repeat(filled)).append(".".repeat(BAR_WIDTH - filled)).append("] ");
    line.append(countFormat.apply(current)).append('/').append(countFormat.apply(total));
    line.append(' ').append(percent).append('%');
    long elapsedNanos = nowNanos - startNanos;
    if (last) {
      line.append(" in ").append(formatDuration(seconds(elapsedNanos)));
    } else if (current >= total) {
      line.append(" ETA 0s");
    } else if (current == 0) {
      line.append(" ETA --");
    } else {
      double remainingNanos = (double) elapsedNanos * (total - current) / current;
      line.append(" ETA ").append(formatDuration((long) Math.ceil(remainingNanos / 1e9)));
    }
    if (!note.isEmpty()) {
      line.append(" (").append(note).append(')');
    }
    return line.toString();
  }

  /** {@code 42s}, {@code 1m05s} or {@code 2h03m}. */
  static String formatDuration(long seconds) {
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, (seconds % 3600) / 60);
  }

  private int tenths() {
    return total == 0 ? 10 : (int) (10 * Math.min(current, total) / total);
  }

  private static long seconds(long nanos) {
    return Math.round(nanos / 1e9);
  }

  private void redraw(String line) {
    int padding = Math.max(0, lastLineLength - line.length());
    out.print("\r" + line + " ".repeat(padding));
    out.flush();
    lastLineLength = line.length();
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
