package dev.pate.datasets.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageShape;
import dev.pate.datasets.csv.LabelSetsFile;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-label image folders: each image's label set from the labels file, by its path relative to
 * the folder; every image listed exactly once; every bad input one line naming file and line.
 */
class MultiLabelFoldersTest {
  @TempDir Path dir;

  private static final List<String> LABELS = List.of("cat", "dog");

  /** A folder of {@code count} grey 4x4 images, two in a sub-folder, from {@code seed}. */
  private Path folder(String name, int count, int seed) {
    Path folder = dir.resolve(name);
    for (int i = 0; i < count; i++) {
      String file = (i < 2 ? "sub/" : "") + "img" + i + ".png";
      TestImages.write(TestImages.grey(seed + i, 4, 4), "png", folder.resolve(file));
    }
    return folder;
  }

  private Path labels(String name, String... lines) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, List.of(lines));
    return file;
  }

  private Path goodLabels(String name) throws IOException {
    return labels(name, "dog,path,cat", "1,sub/img0.png,0", "0,sub/img1.png,1",
        "1,img2.png,1", "0,./img3.png,0");
  }

  private MultiLabelFolders load(Path privateLabels) throws IOException {
    return MultiLabelFolders.load(
        new MultiLabelFolders.Source(folder("private", 4, 1), privateLabels),
        new MultiLabelFolders.Source(folder("public", 4, 100), goodLabels("public.csv")),
        Optional.empty(), LABELS, ImageConversion.NONE, 3);
  }

  @Test
  void eachImageGetsTheLabelSetItsPathIsListedWith() throws IOException {
    MultiLabelFolders loaded = load(goodLabels("private.csv"));
    MultiLabelImages images = loaded.privateImages();
    assertEquals(new ImageShape(1, 4, 4), images.shape());
    // Path order: sub/img0, sub/img1 come after img2, img3 ("img" < "sub").
    assertArrayEquals(new int[] {0b11, 0b00, 0b10, 0b01}, images.labelMasks());
    assertEquals(LABELS, images.labelNames());
    assertEquals(3, loaded.pool().size());
    assertEquals(1, loaded.heldOut().size());
    assertEquals(loaded.heldOut().sources().get(0).get(0).replace("#3", ""),
        loaded.pool().sources().get(0).get(0).replace("#0", ""));
  }

  /** The message of the UserError loading with {@code privateLabels}, after checking its form. */
  private String error(Path privateLabels) throws IOException {
    UserError e = assertThrows(UserError.class, () -> load(privateLabels));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void anImageWithoutLabelsIsNamed() throws IOException {
    Path labels = labels("p.csv", "path,cat,dog", "sub/img0.png,0,1", "sub/img1.png,1,0",
        "img2.png,1,1");
    String message = error(labels);
    assertTrue(message.startsWith(dir.resolve("private").resolve("img3.png").toAbsolutePath()
        + ": has no label set in " + labels), message);
  }

  @Test
  void aPathListedTwiceOrNotAnImageOfTheFolderNamesTheLine() throws IOException {
    Path twice = labels("twice.csv", "path,cat,dog", "sub/img0.png,0,1", "sub/img1.png,1,0",
        "img2.png,1,1", "img3.png,0,0", "img2.png,0,0");
    assertEquals(twice + " line 6: 'img2.png' is listed twice (first on line 4); every image is"
        + " listed exactly once", error(twice));
    Path stray = labels("stray.csv", "path,cat,dog", "sub/img0.png,0,1", "sub/img1.png,1,0",
        "img2.png,1,1", "img3.png,0,0", "img9.png,0,0");
    assertTrue(error(stray).startsWith(stray + " line 6: 'img9.png' is not an image of "),
        error(stray));
  }

  @Test
  void aValueOtherThanZeroOrOneAndAMissingColumnNameTheLine() throws IOException {
    Path two = labels("two.csv", "path,cat,dog", "sub/img0.png,0,1", "sub/img1.png,2,0");
    assertEquals(two + " line 3: column 'cat': '2' is not 0 or 1 (whether the label applies to"
        + " the image)", error(two));
    Path noDog = labels("nodog.csv", "path,cat", "sub/img0.png,0");
    assertEquals(noDog + " line 1: header has no column 'dog' (a label of dataset.images.labels;"
        + " every label needs its 0/1 column)", error(noDog));
    Path other = labels("other.csv", "path,cat,dog,bird", "sub/img0.png,0,1,1");
    assertEquals(other + " line 1: header column 'bird' is neither path nor a label of"
        + " dataset.images.labels [cat, dog]", error(other));
    Path short_ = labels("short.csv", "path,cat,dog", "sub/img0.png,0");
    assertEquals(short_ + " line 2: 2 fields, expected 3", error(short_));
  }

  @Test
  void aLabelsFileInsideItsFolderIsNotAnImage() throws IOException {
    Path folder = folder("inside", 2, 7);
    Path labels = folder.resolve("labels.csv");
    Files.write(labels, List.of("path,cat,dog", "sub/img0.png,1,0", "sub/img1.png,0,1"));
    assertEquals(LabelSetsFile.read(labels, LABELS).masks().size(), MultiLabelFolders.load(
        new MultiLabelFolders.Source(folder, labels),
        new MultiLabelFolders.Source(folder("public", 4, 100), goodLabels("public.csv")),
        Optional.empty(), LABELS, ImageConversion.NONE, 3).privateImages().size());
  }

  @Test
  void aPrivateImageCopiedIntoThePublicFolderIsRefused() throws IOException {
    Path publicFolder = folder("public", 4, 1); // the same pixels as the private images
    UserError e = assertThrows(UserError.class, () -> MultiLabelFolders.load(
        new MultiLabelFolders.Source(folder("private", 4, 1), goodLabels("private.csv")),
        new MultiLabelFolders.Source(publicFolder, goodLabels("public.csv")), Optional.empty(),
        LABELS, ImageConversion.NONE, 3));
    assertTrue(e.getMessage().contains("the same image as"), e.getMessage());
  }
}
