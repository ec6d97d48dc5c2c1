package dev.pate.pipeline.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that a reader sees either the old content or the whole new content, never a
 * half-written file: write a temp file in the same folder, force it to disk, then rename.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Forces a folder's entries (a file created or renamed in it) to disk, so that after a crash the
   * file is found under its name. POSIX file systems allow it; where a folder cannot be opened
   * for it (Windows), its entries are made durable by the file system itself.
   */
  public static void forceFolder(Path folder) {
    try (var channel = java.nio.channels.FileChannel.open(folder,
        java.nio.file.StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      if (!System.getProperty("os.name", "").startsWith("Windows")) {
        throw new UncheckedIOException("cannot force " + folder + " to disk: " + e.getMessage(), e);
      }
    }
  }

  /** Forces a file's content to disk. */
  public static void force(Path file) {
    try (var channel = java.nio.channels.FileChannel.open(file,
        java.nio.file.StandardOpenOption.WRITE)) {
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot force " + file + " to disk: " + e.getMessage(), e);
    }
  }

  public static void writeString(Path target, String content) {
    writeBytes(target, content.getBytes(StandardCharsets.UTF_8));
  }

  public static void writeBytes(Path target, byte[] content) {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
      try (var channel = java.nio.channels.FileChannel.open(tmp,
          java.nio.file.StandardOpenOption.WRITE)) {
        channel.write(java.nio.ByteBuffer.wrap(content));
        channel.force(true);
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      tmp = null;
      forceFolder(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
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
}
