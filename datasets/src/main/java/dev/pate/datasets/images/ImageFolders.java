package dev.pate.datasets.images;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The layout of a folder of labelled images, for rules that go by folder (privacy groups). */
public final class ImageFolders {
  private ImageFolders() {}

  /**
   * The class folder of each image of {@code folder}, in the order the images are read (their
   * positions): the same listing and checks as reading the images, without decoding them.
   *
   * @param role what the folder holds, for messages, e.g. {@code "the private set"}
   * @throws dev.pate.files.UserError as reading the folder would
   */
  public static List<String> classFolderOfEachImage(Path folder, List<String> classes,
      String role) {
    List<Path> files = new ArrayList<>();
    List<Integer> labels = new ArrayList<>();
    FolderImages.list(folder, classes, true, role, files, labels);
    return labels.stream().map(classes::get).toList();
  }
}
