package dev.pate.ensemble;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;

/** Saved teacher models: written atomically with their sha256, loaded only if it still matches. */
final class TeacherFiles {
  private TeacherFiles() {}

  /** Writes the model next to its final name, then renames, and returns its sha256. */
  static String saveAtomically(MultiLayerNetwork net, Path target) throws IOException {
    Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
    try {
      ModelSerializer.writeModel(net, tmp.toFile(), false);
      String digest = sha256(tmp);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return digest;
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * The teacher of {@code record}, from {@code dir/record.file()}.
   *
   * @throws IllegalStateException if the file's sha256 is not the recorded one (the saved teacher
   *     was changed or damaged after training; a stale file must not vote)
   */
  static MultiLayerNetwork load(Path dir, TeacherRecord record) {
    Path file = verify(dir, record);
    try {
      return ModelSerializer.restoreMultiLayerNetwork(file.toFile(), false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read teacher " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The teacher's file {@code dir/record.file()}, checked against the sha256 of its record.
   *
   * @throws IllegalStateException if it is not the recorded file (a stale file must not vote)
   */
  static Path verify(Path dir, TeacherRecord record) {
    Path file = dir.resolve(record.file());
    try {
      String digest = sha256(file);
      if (!digest.equals(record.sha256())) {
        throw new IllegalStateException(file + ": sha256 " + digest + " is not the recorded "
            + record.sha256() + "; the saved teacher was changed after training (delete "
            + dir + " to train it again)");
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read teacher " + file + ": " + e.getMessage(), e);
    }
  }

  static String sha256(Path file) throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }
}
