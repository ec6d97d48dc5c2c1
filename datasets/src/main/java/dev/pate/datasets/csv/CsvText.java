package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;

/**
 * The byte- and line-level reading shared by {@link CsvReader} and {@link CsvInspector}: strict
 * UTF-8 (a UTF-8 byte-order mark, as spreadsheet programs write, is skipped; a UTF-16 one is an
 * error), leading lines skipped, and the Commons CSV format.
 */
final class CsvText {
  /**
   * Plain decimal numbers only: no hex, no {@code 1d}/{@code 1f} suffixes, no NaN or Infinity.
   * Possessive, so that a long run of digits that turns out not to be a number fails in linear
   * time (the former {@code \\d+\\.?\\d*} backtracked quadratically: 10 s for 30000 digits).
   */
  private static final Pattern DECIMAL =
      Pattern.compile("[-+]?+(\\d++(\\.\\d*+)?+|\\.\\d++)([eE][-+]?+\\d++)?+");

  /** Where Commons CSV names a line in its messages. */
  private static final Pattern LINE_IN_MESSAGE =
      Pattern.compile(" at line: (\\d+)(, position: \\d+)?");

  private CsvText() {}

  /**
   * Opens {@code file} as strict UTF-8 text, past a UTF-8 byte-order mark if there is one.
   *
   * @throws UserError if the file is missing or starts with a UTF-16/32 byte-order mark
   */
  static BufferedReader open(Path file) {
    InputStream in;
    try {
      in = new BufferedInputStream(Files.newInputStream(file));
      in.mark(4);
      byte[] head = in.readNBytes(3);
      in.reset();
      if (head.length >= 2 && ((head[0] == (byte) 0xFE && head[1] == (byte) 0xFF)
          || (head[0] == (byte) 0xFF && head[1] == (byte) 0xFE))) {
        in.close();
        throw UserError.forFile(file, "starts with a UTF-16 byte-order mark; save it as UTF-8");
      }
      if (head.length == 3 && head[0] == (byte) 0xEF && head[1] == (byte) 0xBB
          && head[2] == (byte) 0xBF) {
        in.skipNBytes(3);
      }
    } catch (NoSuchFileException e) {
      throw UserError.forFile(file, "file not found", e);
    } catch (IOException e) {
      throw UserError.forFile(file, "cannot read (" + UserError.describe(e) + ")", e);
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)));
  }

  /**
   * Reads past the first {@code lines} lines.
   *
   * @throws UserError if the file has fewer lines
   */
  static void skipLines(BufferedReader in, int lines, Path file) throws IOException {
    for (int i = 0; i < lines; i++) {
      if (in.readLine() == null) {
        throw UserError.forFile(file, "has only " + i + " lines, fewer than the " + lines
            + " to skip");
      }
    }
  }

  /**
   * Fields separated by {@code delimiter}, optionally quoted with {@code "} (a quoted field may
   * hold the delimiter, a line break or a doubled quote), surrounding spaces trimmed, empty lines
   * ignored.
   */
  static CSVFormat format(String delimiter) {
    return CSVFormat.DEFAULT.builder()
        .setDelimiter(delimiter)
        .setQuote('"')
        .setIgnoreEmptyLines(true)
        .setIgnoreSurroundingSpaces(true)
        .setTrim(true)
        .get();
  }

  /** Whether {@code text} is a plain decimal number. */
  static boolean isNumber(CharSequence text) {
    return DECIMAL.matcher(text).matches();
  }

  /**
   * The one-line text of a parse failure, without the line numbers Commons CSV puts in its messages
   * ({@link #lineOf} gives the line).
   */
  static String describe(Throwable e) {
    Throwable cause = rootOf(e);
    if (cause instanceof CharacterCodingException) {
      return "is not UTF-8 text";
    }
    String text = cause.getMessage() == null ? cause.getClass().getSimpleName()
        : cause.getMessage();
    return LINE_IN_MESSAGE.matcher(text.replaceFirst("^\\(line \\d+\\)\\s*", ""))
        .replaceAll("")
        .strip();
  }

  /** The line a Commons CSV message names ("... at line: 2, position: 24"), if any. */
  static OptionalInt lineOf(Throwable e) {
    String text = rootOf(e).getMessage();
    if (text != null) {
      Matcher m = LINE_IN_MESSAGE.matcher(text);
      if (m.find()) {
        return OptionalInt.of(Integer.parseInt(m.group(1)));
      }
    }
    return OptionalInt.empty();
  }

  private static Throwable rootOf(Throwable e) {
    Throwable t = e;
    while ((t instanceof UncheckedIOException || t.getMessage() != null
        && t.getMessage().startsWith("IOException reading next record")) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
