package dev.pate.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Inputs for fuzzing a reader: mutations of a valid file, which reach far deeper into a parser than
 * random bytes (those rarely get past a magic number). One to five edits, each one of: the file
 * cut short, a bit flipped, random bytes inserted, a token inserted or written over (tokens are
 * what the format's own syntax gives meaning to: a delimiter, a quote, {@code NaN}), bytes
 * deleted or repeated, or a 32-bit word overwritten with a value that breaks size arithmetic
 * (0, 1, -1, 2^31 - 1, 2^31, 10^9, in both byte orders). Positions are fractions of the current
 * length, so every edit applies to whatever the earlier edits left, and jqwik shrinks a failure to
 * fewer, simpler edits.
 */
public final class Mutations {
  /** 32-bit values that overflow, underflow or claim huge sizes when read as a count. */
  private static final int[] HUGE = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE,
      1_000_000_000, 0x0000FFFF, 0x01000000};

  private Mutations() {}

  /** Any bytes at all, up to {@code maxLength}. */
  public static Arbitrary<byte[]> anyBytes(int maxLength) {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(maxLength);
  }

  /** One to five edits of {@code valid}, with {@code tokens} as the format's meaningful bytes. */
  public static Arbitrary<byte[]> of(byte[] valid, List<byte[]> tokens) {
    Objects.requireNonNull(valid, "valid");
    List<byte[]> dictionary = List.copyOf(tokens);
    return edit(dictionary).list().ofMinSize(1).ofMaxSize(5).map(edits -> {
      byte[] bytes = valid.clone();
      for (Edit e : edits) {
        bytes = e.apply(bytes);
      }
      return bytes;
    });
  }

  /** {@link #of(byte[], List)} for text formats: the tokens as UTF-8. */
  public static Arbitrary<byte[]> ofText(String valid, String... tokens) {
    return of(utf8(valid), Arrays.stream(tokens).map(Mutations::utf8).toList());
  }

  private static byte[] utf8(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** One edit: what it does, where (a fraction of the length) and with what. */
  private record Edit(Kind kind, double where, double extent, int value, byte[] bytes) {
    byte[] apply(byte[] in) {
      int at = (int) (where * in.length);
      return switch (kind) {
        case TRUNCATE -> Arrays.copyOf(in, at);
        case FLIP_BIT -> {
          if (in.length == 0) {
            yield in;
          }
          byte[] out = in.clone();
          int i = Math.min(at, in.length - 1);
          out[i] ^= (byte) (1 << (value & 7));
          yield out;
        }
        case INSERT -> insert(in, at, bytes);
        case OVERWRITE -> overwrite(in, at, bytes);
        case DELETE -> {
          int end = Math.min(in.length, at + 1 + (int) (extent * (in.length - at)));
          byte[] out = new byte[in.length - (end - at)];
          System.arraycopy(in, 0, out, 0, at);
          System.arraycopy(in, end, out, at, in.length - end);
          yield out;
        }
        case REPEAT -> {
          int end = Math.min(in.length, at + 1 + (int) (extent * 64));
          yield insert(in, end, Arrays.copyOfRange(in, at, end));
        }
        case HUGE_BIG_ENDIAN, HUGE_LITTLE_ENDIAN -> overwrite(in, at, ByteBuffer.allocate(4)
            .order(kind == Kind.HUGE_BIG_ENDIAN ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN)
            .putInt(HUGE[Math.floorMod(value, HUGE.length)]).array());
      };
    }

    private static byte[] insert(byte[] in, int at, byte[] what) {
      byte[] out = new byte[in.length + what.length];
      System.arraycopy(in, 0, out, 0, at);
      System.arraycopy(what, 0, out, at, what.length);
      System.arraycopy(in, at, out, at + what.length, in.length - at);
      return out;
    }

    private static byte[] overwrite(byte[] in, int at, byte[] what) {
      byte[] out = Arrays.copyOf(in, Math.max(in.length, at + what.length));
      System.arraycopy(what, 0, out, at, what.length);
      return out;
    }

    @Override
    public String toString() {
      return kind + " at " + where + (bytes.length > 0 ? " " + Arrays.toString(bytes) : "");
    }
  }

  private enum Kind {
    TRUNCATE, FLIP_BIT, INSERT, OVERWRITE, DELETE, REPEAT, HUGE_BIG_ENDIAN, HUGE_LITTLE_ENDIAN
  }

  private static Arbitrary<Edit> edit(List<byte[]> tokens) {
    Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(16);
    Arbitrary<byte[]> content = tokens.isEmpty() ? random
        : Arbitraries.oneOf(random, Arbitraries.of(tokens).map(byte[]::clone));
    return Combinators.combine(Arbitraries.of(Kind.class),
        Arbitraries.doubles().between(0, 1), Arbitraries.doubles().between(0, 1),
        Arbitraries.integers(), content)
        .as((kind, where, extent, value, bytes) -> new Edit(kind, where, extent, value,
            kind == Kind.INSERT || kind == Kind.OVERWRITE ? bytes : new byte[0]));
  }
}
