package dev.pate.cli;

import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@value #FILE} in the run folder: the lines the console printed for the run (its messages, the
 * summary, the error that stopped it), without the progress bars' redraws. Lines printed before
 * the folder exists are kept and written first; a resumed run appends. Owner-only, like every file
 * of the run folder: the summary's private part is in it.
 */
final class RunLog implements AutoCloseable {
  static final String FILE = "run.log";

  private final StringBuilder pending = new StringBuilder();
  private FileChannel file;

  /** Appends one line (to memory until {@link #open} is called). */
  synchronized void line(String text) {
    pending.append(text).append(System.lineSeparator());
    flush();
  }

  /** Appends every line of {@code text}. */
  void lines(String text) {
    text.lines().forEach(this::line);
  }

  /** From now on, lines go to {@code runFolder}/{@value #FILE}. */
  synchronized void open(Path runFolder) {
    Path target = runFolder.resolve(FILE);
    try {
      file = FileChannel.open(target, java.util.Set.of(StandardOpenOption.CREATE,
          StandardOpenOption.WRITE, StandardOpenOption.APPEND), FileModes.privateFile(target));
    } catch (IOException e) {
      throw new UserError("cannot write " + target + ": " + e.getMessage(), e);
    }
    flush();
  }

  private void flush() {
    if (file == null) {
      return;
    }
    try {
      ByteBuffer bytes = ByteBuffer.wrap(pending.toString().getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        file.write(bytes);
      }
      pending.setLength(0);
    } catch (IOException e) {
      // The log is a convenience: a full disk stops the run where the ledger is written, not here.
      pending.setLength(0);
    }
  }

  @Override
  public synchronized void close() {
    if (file != null) {
      try {
        file.close();
      } catch (IOException e) {
        // nothing left to write
      }
      file = null;
    }
  }
}
