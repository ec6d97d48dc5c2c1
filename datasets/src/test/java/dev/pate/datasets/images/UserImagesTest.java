package dev.pate.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.split.Disjointness;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserImagesTest {
  private static final List<String> CLASSES = List.of("cat", "dog");

  @TempDir Path dir;

  /** {@code count} colour images per class under {@code folder/<class>/}, seeds from {@code seed}. */
  private Path labelled(String folder, int seed, int count) {
    Path root = dir.resolve(folder);
    for (int k = 0; k < count; k++) {
      for (int c = 0; c < CLASSES.size(); c++) {
        TestImages.write(TestImages.colour(seed + 2 * k + c, 5, 5), "png",
            root.resolve(CLASSES.get(c) + "/" + k + ".png"));
      }
    }
    return root;
  }

  private Path unlabelled(String folder, int seed, int count) {
    Path root = dir.resolve(folder);
    for (int k = 0; k < count; k++) {
      TestImages.write(TestImages.colour(seed + k, 5, 5), "png", root.resolve(k + ".png"));
    }
    return root;
  }

  private static UserImages load(Path privateDir, Path publicDir, Optional<Path> evalDir,
      int pool) {
    return UserImages.load(new ImageSource.Folder(privateDir), new ImageSource.Folder(publicDir),
        evalDir.map(ImageSource.Folder::new), CLASSES, ImageConversion.NONE, pool);
  }

  @Test
  void aFolderNamedRelativeToTheWorkingDirectoryIsHashedLikeItsAbsolutePath() throws IOException {
    // The crash of issue 30: a relative root relativized against absolute files threw "'other'
    // is different type of Path". The folder must be relative to the working directory (the
    // module's folder under Maven), so it goes under target/.
    Path absolute = Files.createTempDirectory(Files.createDirectories(Path.of("target")
        .toAbsolutePath()), "relative-images-");
    try {
      TestImages.write(TestImages.colour(1, 5, 5), "png", absolute.resolve("cat/0.png"));
      Path relative = Path.of("").toAbsolutePath().relativize(absolute);
      assertTrue(!relative.isAbsolute());
      assertEquals(new ImageSource.Folder(absolute).sha256(),
          new ImageSource.Folder(relative).sha256());
    } finally {
      Files.delete(absolute.resolve("cat/0.png"));
      Files.delete(absolute.resolve("cat"));
      Files.delete(absolute);
    }
  }

  @Test
  void anUnlabelledPoolWithItsOwnEvaluationFolder() {
    UserImages images = load(labelled("private", 0, 3), unlabelled("pool", 100, 5),
        Optional.of(labelled("eval", 200, 2)), 4);
    assertEquals(6, images.privateSet().size());
    assertEquals(4, images.publicSplit().pool().size());
    assertEquals(0, images.publicSplit().pool().labelledCount());
    assertEquals(4, images.publicSplit().holdout().labelledCount());
    TeacherPartitions partitions = TeacherPartitions.split(images.privateSet(), 2, 1);
    assertEquals(6 + 4 + 4, Disjointness.verify(partitions, images.publicSplit()));
  }

  @Test
  void withoutAnEvaluationSourceTheImagesAfterThePoolMustBeLabelled() {
    String message = assertThrows(UserError.class, () -> load(labelled("private", 0, 2),
        unlabelled("pool", 100, 5), Optional.empty(), 3)).getMessage();
    assertTrue(message.contains("3.png: no label; the held-out evaluation set (the public images"
        + " after the query pool) must be labelled"), message);
  }

  @Test
  void aPrivateImageCopiedIntoThePublicFolderIsRefusedNamingBoth() throws IOException {
    Path privateDir = labelled("private", 0, 2);
    Path pool = unlabelled("pool", 100, 3);
    Files.copy(privateDir.resolve("dog/1.png"), pool.resolve("copy.png"));
    String message = assertThrows(UserError.class,
        () -> load(privateDir, pool, Optional.of(labelled("eval", 200, 1)), 10)).getMessage();
    assertTrue(message.contains("copy.png: the same image as ") && message.contains("dog/1.png")
        && message.contains("the public images must not hold an image of the private set"),
        message);
  }

  @Test
  void theSameFolderAsPrivateAndPublicIsOneSourceToTheDisjointnessCheck() {
    Path privateDir = labelled("private", 0, 2);
    String message = assertThrows(UserError.class,
        () -> load(privateDir, privateDir, Optional.of(labelled("eval", 200, 1)), 2))
        .getMessage();
    assertTrue(message.contains("the same image as"), message);
  }
}
