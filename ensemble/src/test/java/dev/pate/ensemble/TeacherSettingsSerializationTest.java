package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Teacher settings cross to where a remote backend trains (Spark's executors) by Java
 * serialization: they must come back equal, the optional kernel included, and checked again.
 */
class TeacherSettingsSerializationTest {

  @Test
  void aCnnEnsembleComesBackEqual() throws Exception {
    TeacherSettings cnn = TeacherSettings.defaults().toBuilder().count(7).workers(3)
        .augment(Augmentation.SHIFT, Augmentation.CUTOUT).build();
    assertEquals(cnn, roundTrip(cnn));
  }

  @Test
  void anMlpWithoutKernelComesBackEqual() throws Exception {
    NetworkSettings mlp = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(64, 32)
        .epochs(2).build();
    TeacherSettings settings = TeacherSettings.defaults().toBuilder().network(mlp).build();
    TeacherSettings back = roundTrip(settings);
    assertEquals(settings, back);
    assertEquals(mlp.kernel(), back.network().kernel());
  }

  /** A stream is read through the constructor, so it cannot carry settings it would refuse. */
  @Test
  void readingChecksTheValuesAgain() throws Exception {
    byte[] bytes = bytes(TeacherSettings.defaults());
    // Both are written as a 4-byte int 250 (count) in the stream; 0 is not a count.
    byte[] refused = replaceInt(bytes, 250, 0);
    assertThrows(InvalidObjectException.class, () -> read(refused));
  }

  private static TeacherSettings roundTrip(TeacherSettings settings) throws Exception {
    return read(bytes(settings));
  }

  private static byte[] bytes(Object value) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
      objects.writeObject(value);
    }
    return out.toByteArray();
  }

  private static TeacherSettings read(byte[] bytes) throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return (TeacherSettings) in.readObject();
    }
  }

  /** {@code bytes} with the one big-endian int {@code from} replaced by {@code to}. */
  private static byte[] replaceInt(byte[] bytes, int from, int to) {
    byte[] copy = bytes.clone();
    int found = -1;
    for (int i = 0; i + 4 <= copy.length; i++) {
      if (((copy[i] & 0xff) << 24 | (copy[i + 1] & 0xff) << 16 | (copy[i + 2] & 0xff) << 8
          | (copy[i + 3] & 0xff)) == from) {
        assertEquals(-1, found, "the value " + from + " appears once in the stream");
        found = i;
      }
    }
    assertTrue(found >= 0, "the value " + from + " is in the stream");
    for (int k = 0; k < 4; k++) {
      copy[found + k] = (byte) (to >>> (24 - 8 * k));
    }
    return copy;
  }
}
