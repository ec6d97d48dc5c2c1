package dev.pate.datasets.files;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * Fetches one URL into a local file. {@link DataDirectory} calls it with a temporary file and does
 * the checksum check and the atomic rename itself, so an implementation only moves bytes.
 *
 * <p>Tests inject a fake; {@link #DISABLED} turns downloading off (e.g. for {@code --offline}).
 */
@FunctionalInterface
public interface Downloader {

  /** A downloader that refuses every download; failures then read "download disabled". */
  Downloader DISABLED =
      new Downloader() {
        @Override
        public void fetch(URI source, Path destination) throws IOException {
          throw new IOException("download disabled");
        }

        @Override
        public boolean enabled() {
          return false;
        }
      };

  /**
   * Writes the content at {@code source} into {@code destination}, replacing it.
   *
   * @throws IOException with a short reason (it ends up in a one-line error message)
   */
  void fetch(URI source, Path destination) throws IOException;

  /** False if this downloader never downloads anything, so no attempt should be made. */
  default boolean enabled() {
    return true;
  }
}
