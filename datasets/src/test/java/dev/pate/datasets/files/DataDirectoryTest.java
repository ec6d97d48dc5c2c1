package dev.pate.datasets.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pate.datasets.SharedData;
import dev.pate.files.UserError;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {
  private static final byte[] ALPHA = "alpha".getBytes(StandardCharsets.UTF_8);
  private static final byte[] BETA = "beta".getBytes(StandardCharsets.UTF_8);
  private static final Downloader MUST_NOT_DOWNLOAD =
      (source, destination) -> fail("unexpected download of " + source);

  @TempDir Path tmp;

  private static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static DataFile toyFile(String name, byte[] content) {
    return new DataFile(
        "toy",
        name,
        content.length,
        sha256(content),
        List.of(
            URI.create("https://mirror-one.example/" + name),
            URI.create("https://mirror-two.example/" + name)));
  }

  private static final List<DataFile> TOY =
      List.of(toyFile("a.bin", ALPHA), toyFile("b.bin", BETA));

  /** Serves fixed content per URL, fails for others, and records every request. */
  private static final class FakeDownloader implements Downloader {
    final Map<URI, byte[]> content = new HashMap<>();
    final List<URI> requests = new ArrayList<>();

    FakeDownloader serve(String url, byte[] bytes) {
      content.put(URI.create(url), bytes);
      return this;
    }

    @Override
    public void fetch(URI source, Path destination) throws IOException {
      requests.add(source);
      byte[] bytes = content.get(source);
      if (bytes == null) {
        throw new IOException("offline");
      }
      Files.write(destination, bytes);
    }
  }

  private static Path writeToy(Path candidate, boolean withB) throws IOException {
    Path folder = Files.createDirectories(candidate.resolve("toy"));
    Files.write(folder.resolve("a.bin"), ALPHA);
    if (withB) {
      Files.write(folder.resolve("b.bin"), BETA);
    }
    return folder;
  }

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void standardCandidatesInPriorityOrder() {
    Path cwd = Path.of("/w/repo/module");
    assertEquals(
        List.of(
            Path.of("/w/repo/module/custom"),
            Path.of("/env/data"),
            Path.of("/w/repo/module/data"),
            Path.of("/w/repo/shared/data"),
            Path.of("/w/repo/data"),
            Path.of("/w/shared/data")),
        DataDirectory.standardCandidates(Path.of("custom"), "/env/data", cwd, "/w/repo"));
  }

  @Test
  void standardCandidatesSkipUnsetInputsAndDuplicates() {
    Path cwd = Path.of("/w/repo");
    assertEquals(
        List.of(Path.of("/w/repo/data"), Path.of("/w/shared/data")),
        DataDirectory.standardCandidates(null, " ", cwd, "/w/repo"));
  }

  @Test
  void firstCompleteCandidateWins() throws IOException {
    Path partial = tmp.resolve("partial");
    Path first = tmp.resolve("first");
    Path second = tmp.resolve("second");
    writeToy(partial, false);
    Path expected = writeToy(first, true);
    writeToy(second, true);

    Path found = DataDirectory.of(List.of(partial, first, second), MUST_NOT_DOWNLOAD).locate(TOY);

    assertEquals(expected, found);
  }

  /**
   * A data file's name taken by a folder (as a user's mnist/t10k-labels-idx1-ubyte.gz made a
   * folder) is refused by name: no silent fallback to the next directory's complete copy.
   */
  @Test
  void aFolderInPlaceOfADataFileIsNamedNotSkipped() throws IOException {
    Path first = tmp.resolve("first");
    Path folder = writeToy(first, false);
    Files.createDirectories(folder.resolve("b.bin"));
    Path second = tmp.resolve("second");
    writeToy(second, true);

    UserError e = assertThrows(UserError.class,
        () -> DataDirectory.of(List.of(first, second), MUST_NOT_DOWNLOAD).locate(TOY));
    assertEquals(folder.resolve("b.bin") + ": is a folder, expected a data file (remove or"
        + " rename it; other data directories are not searched past it)", e.getMessage());

    Files.createDirectories(first.resolve("tables/mine.csv"));
    Files.createDirectories(second.resolve("tables"));
    Files.writeString(second.resolve("tables/mine.csv"), "a,b\n");
    UserError file = assertThrows(UserError.class,
        () -> DataDirectory.of(List.of(first, second), MUST_NOT_DOWNLOAD)
            .resolveFile(Path.of("tables/mine.csv")));
    assertTrue(file.getMessage().startsWith(first.resolve("tables/mine.csv") + ": is a folder"),
        file.getMessage());

    // And the other way round: a file where an image folder is looked up.
    Files.writeString(first.resolve("scans"), "not a folder");
    Files.createDirectories(second.resolve("scans"));
    UserError notFolder = assertThrows(UserError.class,
        () -> DataDirectory.of(List.of(first, second), MUST_NOT_DOWNLOAD)
            .resolveFolder(Path.of("scans")));
    assertEquals(first.resolve("scans") + ": is not a folder, expected a folder of images",
        notFolder.getMessage());
  }

  @Test
  void downloadsIntoFirstWritableCandidateAndVerifies() throws IOException {
    Path first = tmp.resolve("first");
    Path second = tmp.resolve("second");
    FakeDownloader downloader =
        new FakeDownloader()
            .serve("https://mirror-one.example/a.bin", BETA) // wrong content: next mirror
            .serve("https://mirror-two.example/a.bin", ALPHA)
            .serve("https://mirror-one.example/b.bin", BETA);

    Path found = DataDirectory.of(List.of(first, second), downloader).locate(TOY);

    assertEquals(first.resolve("toy"), found);
    assertArrayEquals(ALPHA, Files.readAllBytes(found.resolve("a.bin")));
    assertArrayEquals(BETA, Files.readAllBytes(found.resolve("b.bin")));
    assertEquals(List.of("a.bin", "b.bin"), listing(found)); // no temporary files left
    assertEquals(3, downloader.requests.size());
  }

  @Test
  void completesAPartialFolderWithOnlyTheMissingFiles() throws IOException {
    Path candidate = tmp.resolve("data");
    Path folder = writeToy(candidate, false);
    FakeDownloader downloader =
        new FakeDownloader().serve("https://mirror-one.example/b.bin", BETA);

    Path found = DataDirectory.of(List.of(candidate), downloader).locate(TOY);

    assertEquals(folder, found);
    assertEquals(List.of(URI.create("https://mirror-one.example/b.bin")), downloader.requests);
  }

  @Test
  void failedDownloadIsOneLineWithFilesSearchedDirectoriesAndReason() throws IOException {
    Path first = Files.createDirectories(tmp.resolve("first"));
    Path second = tmp.resolve("second");
    FakeDownloader downloader =
        new FakeDownloader().serve("https://mirror-two.example/a.bin", BETA);

    UserError e =
        assertThrows(
            UserError.class,
            () -> DataDirectory.of(List.of(first, second), downloader).locate(TOY));

    assertEquals(
        "missing data: toy/a.bin, toy/b.bin (searched: "
            + first
            + ", "
            + second
            + "; download failed: toy/a.bin: mirror-one.example IOException: offline,"
            + " mirror-two.example served a file with the wrong checksum)",
        e.getMessage());
    // Neither a half-downloaded file nor the empty toy/ folder made for the download is left.
    assertEquals(List.of(), listing(first));
    assertFalse(Files.exists(second));
  }

  @Test
  void disabledDownloaderSaysSo() {
    Path only = tmp.resolve("only");
    UserError e =
        assertThrows(
            UserError.class,
            () -> DataDirectory.of(List.of(only), Downloader.DISABLED).locate(TOY));
    assertEquals(
        "missing data: toy/a.bin, toy/b.bin (searched: " + only + "; download disabled)",
        e.getMessage());
  }

  @Test
  void standardResolutionFindsTheSharedMnist() {
    // Surefire sets pate.repo.root, so <root>/../shared/data is among the candidates.
    DataDirectory standard = DataDirectory.standard().withDownloader(MUST_NOT_DOWNLOAD);
    assertTrue(standard.candidates().contains(SharedData.dir()), standard.candidates().toString());
    Path folder = standard.locate("mnist");
    if (System.getenv(DataDirectory.ENV_VARIABLE) == null) {
      assertEquals(SharedData.dir().resolve("mnist"), folder);
    }
  }

  @Test
  void userFilesAreFoundInTheCandidatesAndKnownOnesAreVerified() throws IOException {
    Path candidate = Files.createDirectories(tmp.resolve("data/tables"));
    Files.writeString(candidate.resolve("mine.csv"), "a,b\n");
    DataDirectory dirs = DataDirectory.of(List.of(tmp.resolve("data")), MUST_NOT_DOWNLOAD);
    assertEquals(candidate.resolve("mine.csv"), dirs.resolveFile(Path.of("tables/mine.csv")));
    Path absolute = candidate.resolve("mine.csv").toAbsolutePath();
    assertEquals(absolute, dirs.resolveFile(absolute));

    UserError missing =
        assertThrows(UserError.class, () -> dirs.resolveFile(Path.of("tables/none.csv")));
    assertTrue(missing.getMessage().startsWith("tables/none.csv: file not found (searched: the"
        + " working directory "), missing.getMessage());
    assertTrue(missing.getMessage().contains(tmp.resolve("data").toString()));

    // A known published file is verified: a truncated copy of adult.data is refused.
    Path adult = Files.createDirectories(tmp.resolve("data/adult"));
    Files.writeString(adult.resolve("adult.data"), "39, State-gov\n");
    UserError corrupt =
        assertThrows(UserError.class, () -> dirs.resolveFile(Path.of("adult/adult.data")));
    assertTrue(corrupt.getMessage().startsWith(adult.resolve("adult.data").toString()),
        corrupt.getMessage());
    DataDirectory shared = DataDirectory.of(List.of(SharedData.dir()), MUST_NOT_DOWNLOAD);
    assertEquals(SharedData.dir().resolve("adult/adult.test"),
        shared.resolveFile(Path.of("adult/adult.test")));
  }
}
