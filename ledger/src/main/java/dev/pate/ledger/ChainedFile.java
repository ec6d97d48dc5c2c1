package dev.pate.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.files.AtomicFiles;
import dev.pate.files.FileModes;
import dev.pate.files.Sha256;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;

/**
 * What a run's ledger and a data set's budget ledger share: an append-only file of JSON lines,
 * each signed with the SHA-256 of its own text without its {@code hash} (and chained to the line
 * before by its {@code previous}), every line forced to disk before the append returns. One
 * implementation, so that both ledgers are as hard to edit unnoticed and as safe against a crash.
 */
final class ChainedFile implements AutoCloseable {
  private final Path file;
  private final FileChannel channel;
  /** Bytes of complete lines: where the file is cut back to if a line cannot be written whole. */
  private long complete;

  /** @param channel open for appending, positioned after the last complete line */
  ChainedFile(Path file, FileChannel channel) throws IOException {
    this.file = file;
    this.channel = channel;
    this.complete = channel.size();
  }

  /**
   * A new file (it must not exist yet), owner-only ({@link FileModes}): its lines may be
   * functions of private data.
   */
  static ChainedFile create(Path file) throws IOException {
    return new ChainedFile(file, FileChannel.open(file,
        Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
        FileModes.privateFile(file)));
  }

  /** An existing file, to append after its last line. */
  static ChainedFile append(Path file) {
    try {
      return new ChainedFile(file, FileChannel.open(file, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND));
    } catch (IOException e) {
      throw new UserError("cannot open " + file + ": " + e.getMessage(), e);
    }
  }

  /** The SHA-256 of {@code line}'s JSON text without its {@code hash} field. */
  static String hashOf(ObjectNode line) {
    ObjectNode unsigned = line.deepCopy();
    unsigned.remove("hash");
    try {
      return Sha256.of(Ledger.MAPPER.writeValueAsString(unsigned));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a ledger line", e);
    }
  }

  /** {@code line} with its {@code hash}: the header's, or a charge's that names its previous. */
  static ObjectNode signed(ObjectNode line) {
    line.put("hash", hashOf(line));
    return line;
  }

  /**
   * Appends a line and forces it to disk. If it cannot be written whole (a full disk writes part
   * of it, then fails), the file is cut back to its last complete line before the error is
   * thrown, so the file stays valid up to its last complete line.
   *
   * @param number the line's number, for the message
   */
  void write(String line, long number) {
    try {
      ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(false);
      complete = channel.size();
    } catch (IOException e) {
      String kept = "; the ledger is kept up to its last complete line (" + number + ")";
      try {
        channel.truncate(complete);
        channel.force(true);
      } catch (IOException cannotCut) {
        kept = "; its last line may be cut short (a resumed run drops it)";
      }
      throw new UserError("cannot append to " + file + " (" + (e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getMessage()) + ")" + kept, e);
    }
  }

  /** Forces the folder too, so that a new file's name survives a crash as surely as its lines. */
  void forceFolder() {
    AtomicFiles.forceFolder(file.toAbsolutePath().getParent());
  }

  /** Closes the file and deletes it: for a new file whose first line could not be written. */
  void discard() throws IOException {
    channel.close();
    Files.deleteIfExists(file);
  }

  static String text(Path file) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The lines of {@code file}, refusing a last line cut short (no end of line) with its number.
   *
   * @param cutShort what such a line means, for the message
   */
  static List<String> lines(Path file, String cutShort) {
    String text = text(file);
    if (!text.isEmpty() && !text.endsWith("\n")) {
      int line = (int) text.chars().filter(c -> c == '\n').count() + 1;
      throw new UserError(file + " line " + line + ": truncated (no end of line): "
          + cutShort);
    }
    return text.lines().toList();
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UserError("cannot close " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Cuts a final line that a crash left without its end of line, and returns how many bytes were
   * cut (0 if none). Safe for both ledgers: a line is forced to disk before what it records takes
   * effect, so a torn line recorded nothing that happened.
   */
  static int dropTornLastLine(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      byte[] bytes = Files.readAllBytes(file);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      if (end < bytes.length) {
        channel.truncate(end);
        channel.force(true);
      }
      return bytes.length - end;
    } catch (IOException e) {
      throw new UserError("cannot repair " + file + ": " + e.getMessage(), e);
    }
  }
}
