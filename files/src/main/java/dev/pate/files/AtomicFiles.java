package dev.pate.files;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader sees either the old content or the whole new content, never a
 * half-written file, and so that a file a run relies on to recover (a saved teacher, the cache's
 * records, votes.csv, the ledger's folder entry) is on disk before the run goes on: a temp file in
 * the same folder, owner-only ({@link FileModes}), forced to disk, renamed over the target, then
 * the folder forced too. Missing folders are created owner-only.
 */
public final class AtomicFiles {
  /** What to write: the content, written to {@code out} (which it need not close). */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  public static void writeString(Path target, String content) {
    writeBytes(target, content.getBytes(StandardCharsets.UTF_8));
  }

  public static void writeBytes(Path target, byte[] content) {
    write(target, out -> out.write(content));
  }

  /**
   * Writes {@code content} to {@code target} atomically and durably (see the class comment).
   *
   * @throws UncheckedIOException naming the target if anything fails; the target is then as it
   *     was and no temp file is left
   */
  public static void write(Path target, Content content) {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = null;
    try {
      FileModes.createPrivateFolders(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp",
          FileModes.privateFile(dir));
      try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        BufferedOutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel),
            1 << 16);
        content.writeTo(new KeptOpen(out));
        out.flush();
        channel.force(true);
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      tmp = null;
      forceFolder(dir);
    } catch (IOException e) {
      throw new UserError("cannot write " + target + ": " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // The write already failed; that error is the one to report.
        }
      }
    }
  }

  /** Forces a file's content to disk. */
  public static void force(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    } catch (IOException e) {
      throw new UserError("cannot force " + file + " to disk: " + e.getMessage(), e);
    }
  }

  /**
   * Forces a folder's entries (a file created or renamed in it) to disk, so that after a crash the
   * file is found under its name. POSIX file systems allow it; where a folder cannot be opened
   * for it (Windows), its entries are made durable by the file system itself.
   */
  public static void forceFolder(Path folder) {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      if (!System.getProperty("os.name", "").startsWith("Windows")) {
        throw new UserError("cannot force " + folder + " to disk: " + e.getMessage(), e);
      }
    }
  }

  /**
   * The temp file's stream as content writers see it: closing it only flushes, so that the file
   * can still be forced to disk after a writer (DL4J's ModelSerializer) closes what it was given.
   */
  private static final class KeptOpen extends FilterOutputStream {
    KeptOpen(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
