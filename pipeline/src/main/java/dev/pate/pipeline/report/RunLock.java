package dev.pate.pipeline.report;

import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * One process per run folder: an operating-system lock on the folder's {@value #FILE}, held for
 * the run's life, with the holder's pid written in it for the refusal to name. Two processes
 * writing one folder (a {@code --resume} of a run that is still going) would both charge the
 * ledger and both write {@code release/}.
 *
 * <p>The lock, not the file, is what counts: the operating system drops it when its process ends,
 * however it ends (a kill included), so a stale file never blocks a resume. The file stays behind
 * after the run: deleting it while others may have it open would let two processes lock two
 * different files of one name.
 */
public final class RunLock implements AutoCloseable {
  /** The lock file's name in the run folder. */
  public static final String FILE = "run.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Locks {@code runFolder} for this process.
   *
   * @throws UserError one line naming the folder and the pid of the process that holds it
   */
  public static RunLock hold(Path runFolder) {
    Path file = runFolder.resolve(FILE);
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE), FileModes.privateFile(runFolder));
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException inThisProcess) {
        lock = null; // this JVM holds it already: another run of this process's is in it
      }
      if (lock == null) {
        String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
        throw new UserError(runFolder + ": in use by another pate process (pid "
            + (holder.isEmpty() ? "unknown" : holder) + ", which holds " + FILE + "); one"
            + " process per run folder: wait for it to end or stop it, then resume");
      }
      channel.truncate(0);
      channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n")
          .getBytes(StandardCharsets.UTF_8)), 0);
      channel.force(false);
      return new RunLock(channel, lock);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UserError("cannot lock " + file + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  /** Releases the lock (the file stays, see the class comment). */
  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException e) {
      // The channel's closing below releases it all the same.
    }
    closeQuietly(channel);
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Closing releases the lock; nothing else is lost.
    }
  }
}
