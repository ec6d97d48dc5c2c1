package dev.pate.datasets.images;

import dev.pate.datasets.ImageDataset;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses an image of one set whose pixels are exactly those of an image of another: separate
 * sources have separate example ids, so this is how a private image copied into the public
 * folder, or one file named as both, is found. Images are compared after shaping, by a hash and
 * then byte by byte; it takes a pass over each set.
 */
final class ContentOverlap {
  private ContentOverlap() {}

  /**
   * The checks every split of user images makes, before any teacher trains: no private image
   * among the public or the held-out ones, and no public image among the held-out ones (a held-out
   * image in the pool would be scored on after the student trained on it).
   *
   * @param heldOut the separate held-out evaluation images, if given
   * @throws UserError naming both files of the first overlap found
   */
  static void refuseAcrossSources(LoadedImages privateImages, LoadedImages publicImages,
      Optional<LoadedImages> heldOut) {
    refuse(privateImages, "the private set", publicImages, "the public images");
    heldOut.ifPresent(evaluation -> {
      refuse(privateImages, "the private set", evaluation, "the held-out evaluation set");
      refuse(publicImages, "the public pool", evaluation, "the held-out evaluation set");
    });
  }

  /**
   * @param earlierRole names {@code earlier} in the message, e.g. {@code "the private set"}
   * @param laterRole names {@code later}, e.g. {@code "the public images"}
   * @throws UserError naming both files
   */
  static void refuse(LoadedImages earlier, String earlierRole, LoadedImages later,
      String laterRole) {
    ImageDataset first = earlier.data();
    ImageDataset second = later.data();
    int size = first.pixelsPerImage();
    if (second.pixelsPerImage() != size) {
      return;
    }
    byte[] a = new byte[size];
    byte[] b = new byte[size];
    Map<Integer, List<Integer>> byHash = new HashMap<>();
    for (int i = 0; i < first.size(); i++) {
      first.copyPixels(i, a, 0);
      byHash.computeIfAbsent(Arrays.hashCode(a), h -> new ArrayList<>(1)).add(i);
    }
    for (int j = 0; j < second.size(); j++) {
      second.copyPixels(j, b, 0);
      for (int i : byHash.getOrDefault(Arrays.hashCode(b), List.of())) {
        first.copyPixels(i, a, 0);
        if (Arrays.equals(a, b)) {
          throw new UserError(later.names().get(j) + ": the same image as "
              + earlier.names().get(i) + "; " + laterRole + " must not hold an image of "
              + earlierRole + " (remove one of them)");
        }
      }
    }
  }
}
