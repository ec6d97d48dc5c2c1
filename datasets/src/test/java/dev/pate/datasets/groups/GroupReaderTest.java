package dev.pate.datasets.groups;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.TableDataset;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.MissingPolicy;
import dev.pate.datasets.csv.Scaling;
import dev.pate.files.UserError;
import dev.pate.files.npy.NpyWriter;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class GroupReaderTest {
  private static final List<String> NAMES = List.of("strict", "standard", "open");

  @TempDir Path dir;

  /** Columns age (numeric), job (categorical), consent (ignored), y (label); '?' is missing. */
  private static CsvSchema schema(List<String> ignored, List<String> categorical) {
    return new CsvSchema(Optional.empty(), ",", "y", List.of("no", "yes"), Optional.empty(),
        categorical, List.of("age"), ignored, List.of("?"), MissingPolicy.DROP, Scaling.STANDARD,
        Map.of(), Map.of());
  }

  private Path write(String name, String... lines) throws IOException {
    return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n",
        StandardCharsets.UTF_8);
  }

  private Path privateCsv(String... consents) throws IOException {
    String[] lines = new String[consents.length + 1];
    lines[0] = "age,job,consent,y";
    for (int r = 0; r < consents.length; r++) {
      lines[r + 1] = (20 + r) + ",a," + consents[r] + "," + (r % 2 == 0 ? "no" : "yes");
    }
    return write("private.csv", lines);
  }

  /** A private set of {@code size} kept records at positions 0..size-1. */
  private static TableDataset privateSet(int size) {
    int[] records = new int[size];
    Arrays.setAll(records, p -> p);
    return TableDataset.wrap("/data/private.csv", "private.csv", List.of("x"), 2,
        new float[size], new int[size], records);
  }

  @Test
  void aColumnGivesEachRecordItsGroupCountingDroppedRows() throws IOException {
    Path file = privateCsv("open", "strict", "standard", "open");
    GroupMembership groups = GroupReader.fromColumn(new CsvFile(file, 0),
        schema(List.of("consent"), List.of("job")), "consent", NAMES);
    assertEquals(4, groups.records());
    assertArrayEquals(new int[] {2, 0, 1, 2}, groups.groupsOf(privateSet(4), 4));
  }

  @Test
  void aColumnValueThatIsMissingOrNotDeclaredIsAnErrorNamingTheLine() throws IOException {
    Path file = privateCsv("open", "?", "standard");
    assertOneLine(() -> GroupReader.fromColumn(new CsvFile(file, 0),
        schema(List.of("consent"), List.of("job")), "consent", NAMES),
        file + " line 3: column 'consent' has no group");
    Path unknown = privateCsv("open", "strict", "minor");
    assertOneLine(() -> GroupReader.fromColumn(new CsvFile(unknown, 0),
        schema(List.of("consent"), List.of("job")), "consent", NAMES),
        unknown + " line 4: column 'consent': group 'minor' is not declared");
  }

  @Test
  void aGroupColumnThatIsAFeatureIsRefused() throws IOException {
    Path file = privateCsv("open", "strict");
    assertOneLine(() -> GroupReader.fromColumn(new CsvFile(file, 0),
        schema(List.of(), List.of("job", "consent")), "consent", NAMES),
        "privacy.groups.source.column: column 'consent' is a categorical feature");
  }

  @Test
  void aTextFileGivesOneGroupPerLine() throws IOException {
    Path file = write("groups.csv", "open", "\"strict\"", " standard ");
    assertArrayEquals(new int[] {2, 0, 1},
        GroupReader.fromRecordFile(file, NAMES).groupsOf(privateSet(3), 3));
  }

  @Test
  void aTextFileWithAnEmptyOrUnknownLineIsRefused() throws IOException {
    Path empty = write("empty.csv", "open", "", "strict");
    assertOneLine(() -> GroupReader.fromRecordFile(empty, NAMES), empty + ", line 2: no group");
    Path unknown = write("unknown.csv", "open", "opne");
    assertOneLine(() -> GroupReader.fromRecordFile(unknown, NAMES),
        unknown + ", line 2: group 'opne' is not declared");
  }

  @Test
  void aPerRecordFileOfAnotherLengthThanThePrivateFileIsRefused() throws IOException {
    Path file = write("groups.csv", "open", "strict", "standard");
    GroupMembership groups = GroupReader.fromRecordFile(file, NAMES);
    assertOneLine(() -> groups.groupsOf(privateSet(3), 4),
        file + ": groups for 3 records, but the private data has 4");
    assertOneLine(() -> groups.groupsOf(privateSet(2), 2),
        file + ": groups for 3 records, but the private data has 2");
  }

  @Test
  void aDeclaredGroupWithoutARecordIsRefused() throws IOException {
    Path file = write("groups.csv", "open", "strict", "open");
    assertOneLine(() -> GroupReader.fromRecordFile(file, NAMES).groupsOf(privateSet(3), 3),
        file + ": group 'standard' is declared (privacy.groups.budgets) but no private record");
  }

  @Test
  void anNpyFileGivesGroupIndices() throws IOException {
    Path file = npy("groups.npy", 2, 0, 1, 1);
    assertArrayEquals(new int[] {2, 0, 1, 1},
        GroupReader.fromRecordFile(file, NAMES).groupsOf(privateSet(4), 4));
  }

  @Test
  void anNpyIndexOutOfRangeOrAnArrayOfAnotherShapeIsRefused() throws IOException {
    Path file = npy("bad.npy", 2, 0, 3);
    assertOneLine(() -> GroupReader.fromRecordFile(file, NAMES),
        file + ", entry 2: group index 3 is not a declared group; expected 0..2");
    Path negative = npy("negative.npy", -1);
    assertOneLine(() -> GroupReader.fromRecordFile(negative, NAMES),
        negative + ", entry 0: group index -1");
    byte[] floats = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(0)
        .putDouble(1).array();
    Path floating = Files.write(dir.resolve("f.npy"),
        NpyWriter.npy("<f8", false, "(2,)", floats));
    assertOneLine(() -> GroupReader.fromRecordFile(floating, NAMES),
        floating + ", header: dtype '<f8' of shape (2,); expected a 1-dimensional integer array");
  }

  @Test
  void foldersMapEachClassFolderToItsGroup() throws IOException {
    Path folder = images(Map.of("adults", 2, "minors", 1));
    Map<String, String> rule = new LinkedHashMap<>();
    rule.put("minors", "strict");
    rule.put("adults", "open");
    GroupMembership groups = GroupReader.fromFolders(folder, List.of("adults", "minors"), rule,
        List.of("strict", "open"));
    // Images in path order: adults/ first.
    assertArrayEquals(new int[] {1, 1, 0}, groups.groupsOf(privateSet(3), 3));
  }

  @Test
  void aFolderWithoutAGroupOrARuleForNoFolderIsRefused() throws IOException {
    Path folder = images(Map.of("adults", 1, "minors", 1));
    List<String> classes = List.of("adults", "minors");
    List<String> names = List.of("strict", "open");
    assertOneLine(() -> GroupReader.fromFolders(folder, classes, Map.of("minors", "strict"),
        names), "privacy.groups.source.folders: class folder 'adults' of " + folder
        + " has no group");
    assertOneLine(() -> GroupReader.fromFolders(folder, classes,
        Map.of("minors", "strict", "adults", "open", "kids", "strict"), names),
        "privacy.groups.source.folders.kids: 'kids' is not a class folder");
    assertOneLine(() -> GroupReader.fromFolders(folder, classes,
        Map.of("minors", "strict", "adults", "public"), names),
        "privacy.groups.source.folders.adults: group 'public' is not declared");
  }

  private Path npy(String name, long... values) throws IOException {
    ByteBuffer data = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    for (long v : values) {
      data.putLong(v);
    }
    return Files.write(dir.resolve(name),
        NpyWriter.npy("<i8", false, "(" + values.length + ",)", data.array()));
  }

  private Path images(Map<String, Integer> countPerFolder) throws IOException {
    Path root = dir.resolve("private");
    for (Map.Entry<String, Integer> entry : countPerFolder.entrySet()) {
      Path folder = Files.createDirectories(root.resolve(entry.getKey()));
      for (int i = 0; i < entry.getValue(); i++) {
        BufferedImage image = new BufferedImage(2, 2, BufferedImage.TYPE_BYTE_GRAY);
        image.getRaster().setSample(0, 0, 0, i * 40);
        ImageIO.write(image, "png", folder.resolve("img" + i + ".png").toFile());
      }
    }
    return root;
  }

  private static void assertOneLine(Executable call, String start) {
    UserError e = assertThrows(UserError.class, call);
    assertTrue(e.getMessage().startsWith(start), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }
}
