package dev.pate.datasets.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  /** Fake clock in nanoseconds. */
  private final AtomicLong now = new AtomicLong();

  private ProgressBar bar(long total, boolean interactive) {
    return new ProgressBar("teachers", total, out, interactive, now::get, Long::toString);
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void lineShowsBarCountPercentAndEta() {
    ProgressBar bar = bar(50, false);
    now.set(12_000_000_000L);
    bar.step(12);
    // 12 done in 12 s, 38 to go at the same rate: 38 s.
    assertEquals("teachers [####................] 12/50 24% ETA 38s", bar.render(now.get(), false));
    now.set(65_000_000_000L);
    assertEquals("teachers [####................] 12/50 24% in 1m05s", bar.render(now.get(), true));
  }

  @Test
  void noteFollowsTheCount() {
    ProgressBar bar = bar(10, false);
    now.set(1_000_000_000L);
    bar.step(1);
    bar.note("acc 0.9812, 8700 pseudo-labels");
    assertEquals("teachers [##..................] 1/10 10% ETA 9s (acc 0.9812, 8700 pseudo-labels)",
        bar.render(now.get(), false));
  }

  @Test
  void logModePrintsAboutEveryTenPercentThenTheFinalLine() {
    ProgressBar bar = bar(50, false);
    for (int i = 1; i <= 50; i++) {
      now.addAndGet(1_000_000_000L);
      bar.step();
    }
    bar.done();

    String[] lines = output().split("\n");
    assertEquals(11, lines.length, output());
    assertEquals("teachers [##..................] 5/50 10% ETA 45s", lines[0]);
    assertEquals("teachers [####################] 50/50 100% ETA 0s", lines[9]);
    assertEquals("teachers [####################] 50/50 100% in 50s", lines[10]);
    assertFalse(output().contains("\r"));
  }

  @Test
  void terminalModeRedrawsOneLine() {
    ProgressBar bar = bar(3, true);
    for (int i = 0; i < 3; i++) {
      now.addAndGet(1_000_000_000L);
      bar.step();
    }
    bar.done();
    bar.done(); // idempotent

    String shown = output();
    assertTrue(shown.startsWith("\rteachers [######..............] 1/3 33% ETA 2s"), shown);
    assertEquals(1, shown.chars().filter(c -> c == '\n').count(), shown);
    // The final line is one character shorter than "ETA 0s": padded to blank out the old tail.
    assertTrue(shown.endsWith("\rteachers [####################] 3/3 100% in 3s \n"), shown);
  }

  @Test
  void stepsFromManyThreadsAreAllCounted() throws InterruptedException {
    ProgressBar bar = new ProgressBar("work", 4000, out, false);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread =
          new Thread(
              () -> {
                for (int i = 0; i < 1000; i++) {
                  bar.step();
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    bar.done();
    assertEquals(4000, bar.current());
    String[] lines = output().split("\n");
    assertEquals(11, lines.length, output());
    assertTrue(lines[10].startsWith("work [####################] 4000/4000 100% in "), lines[10]);
  }

  @Test
  void durationsAreCompact() {
    assertEquals("0s", ProgressBar.formatDuration(0));
    assertEquals("59s", ProgressBar.formatDuration(59));
    assertEquals("1m05s", ProgressBar.formatDuration(65));
    assertEquals("2h03m", ProgressBar.formatDuration(2 * 3600 + 3 * 60 + 59));
  }

  @Test
  void emptyTaskIsImmediatelyComplete() {
    ProgressBar bar = bar(0, false);
    bar.done();
    assertEquals("teachers [####################] 0/0 100% in 0s\n", output());
  }
}
