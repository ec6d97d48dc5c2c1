package dev.pate.datasets.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderImagesTest {
  private static final List<String> CLASSES = List.of("cat", "dog");

  @TempDir Path dir;

  private static LoadedImages load(Path folder, boolean labelsRequired, ImageConversion c) {
    return new ImageSource.Folder(folder).load(CLASSES, labelsRequired, "the private set",
        ImageShaper.of(c));
  }

  private static String message(Path folder, boolean labelsRequired, ImageConversion c) {
    String message = assertThrows(UserError.class, () -> load(folder, labelsRequired, c))
        .getMessage();
    assertFalse(message.contains("\n"), message);
    return message;
  }

  @Test
  void classFoldersGiveLabelsAndColourPngsKeepEveryChannelExactly() {
    Path folder = dir.resolve("private");
    TestImages.write(TestImages.colour(1, 6, 5), "png", folder.resolve("dog/b.png"));
    TestImages.write(TestImages.colour(2, 6, 5), "png", folder.resolve("cat/a.png"));
    TestImages.write(TestImages.colour(3, 6, 5), "png", folder.resolve("dog/a.png"));

    LoadedImages loaded = load(folder, true, ImageConversion.NONE);
    ImageDataset data = loaded.data();
    assertEquals(new ImageShape(3, 6, 5), data.shape());
    // sorted by path: cat/a, dog/a, dog/b
    assertArrayEquals(new int[] {0, 1, 1}, data.labels());
    assertTrue(loaded.names().get(2).endsWith("dog/b.png"), loaded.names().toString());
    for (int c = 0; c < 3; c++) {
      assertEquals(TestImages.rgb(1, 4, 3)[c], data.pixel(2, c, 3, 4), "channel " + c);
      assertEquals(TestImages.rgb(2, 0, 5)[c], data.pixel(0, c, 5, 0), "channel " + c);
    }
    float[] features = new float[data.featureCount()];
    data.featuresAsFloats(1, features, 0);
    // planar: channel 1 (green) of pixel (x=2, y=1) sits after the whole red plane
    assertEquals(TestImages.rgb(3, 2, 1)[1] / 255f, features[30 + 1 * 5 + 2], 1e-6);
  }

  @Test
  void aFolderOfImagesAloneIsUnlabelledAndRefusedWhereLabelsAreRequired() {
    Path folder = dir.resolve("pool");
    TestImages.write(TestImages.colour(1, 4, 4), "png", folder.resolve("x.png"));
    TestImages.write(TestImages.colour(2, 4, 4), "jpg", folder.resolve("y.JPG"));
    ImageDataset pool = load(folder, false, ImageConversion.NONE).data();
    assertEquals(2, pool.size());
    assertEquals(0, pool.labelledCount());
    assertEquals(Dataset.UNLABELLED, pool.label(1));
    assertTrue(message(folder, true, ImageConversion.NONE)
        .contains("holds images but no class sub-folders; the private set must be labelled"));
  }

  @Test
  void resizeAndChannelsMakeMixedImagesOneShape() {
    Path folder = dir.resolve("mixed");
    TestImages.write(TestImages.grey(9, 10, 12), "png", folder.resolve("cat/grey.png"));
    TestImages.write(TestImages.colour(1, 8, 8), "png", folder.resolve("dog/colour.png"));

    String size = message(folder, true, ImageConversion.NONE);
    assertTrue(size.contains("colour.png: colour (3 channels), expected grey (1 channel) like"),
        size);
    String other = message(folder, true, new ImageConversion(Optional.empty(), OptionalInt.of(3)));
    assertTrue(other.contains("colour.png: 8x8 pixels, expected 10x12 like")
        && other.contains("dataset.images.resize"), other);

    ImageDataset data = load(folder, true, new ImageConversion(
        Optional.of(new ImageConversion.Size(8, 8)), OptionalInt.of(3))).data();
    assertEquals(new ImageShape(3, 8, 8), data.shape());
    // grey copied to every channel; the colour image was already 8x8, so it is unchanged
    assertEquals(data.pixel(0, 0, 4, 4), data.pixel(0, 2, 4, 4));
    assertEquals(TestImages.rgb(1, 3, 2)[2], data.pixel(1, 2, 2, 3));
  }

  @Test
  void badImagesAreOneLineNamingTheFile() throws IOException {
    Path unknownClass = dir.resolve("unknown");
    TestImages.write(TestImages.colour(1, 4, 4), "png", unknownClass.resolve("bird/a.png"));
    assertTrue(message(unknownClass, true, ImageConversion.NONE)
        .contains("bird: class folder 'bird' is not one of the classes [cat, dog]"));

    Path broken = dir.resolve("broken");
    TestImages.write(TestImages.colour(1, 4, 4), "png", broken.resolve("cat/a.png"));
    Files.write(broken.resolve("cat/b.png"), new byte[] {1, 2, 3});
    String undecodable = message(broken, true, ImageConversion.NONE);
    assertTrue(undecodable.contains("cat/b.png: is not an image ImageIO can read")
        || undecodable.contains("cat/b.png: cannot be decoded"), undecodable);

    Path stray = dir.resolve("stray");
    TestImages.write(TestImages.colour(1, 4, 4), "png", stray.resolve("cat/a.png"));
    Files.writeString(stray.resolve("notes.txt"), "hello");
    assertTrue(message(stray, true, ImageConversion.NONE)
        .contains("notes.txt: is a file beside class sub-folders"));

    Path text = dir.resolve("text");
    TestImages.write(TestImages.colour(1, 4, 4), "png", text.resolve("a.png"));
    Files.writeString(text.resolve("b.txt"), "hello");
    assertTrue(message(text, false, ImageConversion.NONE)
        .contains("b.txt: is not a PNG or JPEG file"));

    assertTrue(message(dir.resolve("absent"), false, ImageConversion.NONE)
        .contains("absent: not found, expected a folder of images"));
  }

  @Test
  void hiddenFilesArePassedOver() throws IOException {
    Path folder = dir.resolve("hidden");
    TestImages.write(TestImages.colour(1, 4, 4), "png", folder.resolve("dog/a.png"));
    Files.writeString(folder.resolve(".DS_Store"), "finder");
    Files.writeString(folder.resolve("dog/.thumbs"), "cache");
    assertEquals(1, load(folder, true, ImageConversion.NONE).data().size());
  }
}
