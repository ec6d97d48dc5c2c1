package dev.pate.ensemble;

import dev.pate.ensemble.nn.OneDnn;
import dev.pate.files.AtomicFiles;
import dev.pate.files.Sha256;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;

/** Saved teacher models: written atomically with their sha256, loaded only if it still matches. */
final class TeacherFiles {
  private TeacherFiles() {}

  /**
   * Writes the model atomically and durably (owner-only, forced to disk: an interrupted training
   * resumes from the teachers saved so far, so a saved teacher must survive a crash), and returns
   * its sha256.
   */
  static String saveAtomically(MultiLayerNetwork net, Path target) throws IOException {
    // Hashed as it is written: the same bytes, without reading the file back.
    MessageDigest digest = Sha256.digest();
    AtomicFiles.write(target, out -> ModelSerializer.writeModel(net,
        new DigestOutputStream(out, digest), false));
    return Sha256.hex(digest);
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
      OneDnn.enable();
      return ModelSerializer.restoreMultiLayerNetwork(file.toFile(), false);
    } catch (IOException e) {
      throw new UserError("cannot read teacher " + file + ": " + e.getMessage(), e);
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
      String digest = Sha256.of(file);
      if (!digest.equals(record.sha256())) {
        throw new IllegalStateException(file + ": sha256 " + digest + " is not the recorded "
            + record.sha256() + "; the saved teacher was changed after training (delete "
            + dir + " to train it again)");
      }
      return file;
    } catch (IOException e) {
      throw new UserError("cannot read teacher " + file + ": " + e.getMessage(), e);
    }
  }
}
