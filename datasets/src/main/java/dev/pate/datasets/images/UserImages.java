package dev.pate.datasets.images;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.files.UserError;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A run's images from the user's own sources: the private images the teachers share out, the
 * public images the queries come from, and the held-out images the models are evaluated on,
 * either a source of their own or the public images after the pool.
 *
 * <p>The private and held-out images must be labelled; the pool need not be (the teachers label
 * it). All are made into one shape by one {@link ImageShaper}. Sources that are separate files or
 * folders cannot share an example id, so besides the run's {@link
 * dev.pate.datasets.split.Disjointness} check {@link ContentOverlap} refuses a public or held-out
 * image whose pixels are those of a private image (and a held-out image that is a pool image):
 * the same file named twice, or copied, is caught; that the sources are otherwise disjoint is what
 * the user asserts by naming them.
 *
 * @param privateSet the private images, labelled
 * @param publicSplit the query pool and the held-out evaluation images
 * @param shaper how the images were made one shape (the release repeats it)
 */
public record UserImages(ImageDataset privateSet, PublicSplit publicSplit, ImageShaper shaper) {
  private static final String PRIVATE = "the private set";
  private static final String EVALUATION = "the held-out evaluation set";

  public UserImages {
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(publicSplit, "publicSplit");
    Objects.requireNonNull(shaper, "shaper");
  }

  /**
   * Loads and checks the sources.
   *
   * @param poolSize the pool is the first {@code poolSize} public images; without an evaluation
   *     source the rest are held out (there must be some), with one the pool is at most this
   * @throws UserError one line naming the file at fault
   */
  public static UserImages load(ImageSource privateSource, ImageSource publicSource,
      Optional<ImageSource> evalSource, List<String> classes, ImageConversion conversion,
      int poolSize) {
    ImageShaper shaper = ImageShaper.of(conversion);
    LoadedImages privateImages = privateSource.load(classes, true, PRIVATE, shaper);
    LoadedImages publicImages = publicSource.load(classes, false, "the public pool", shaper);
    ImageDataset publicSet = publicImages.data();
    PublicSplit split;
    LoadedImages heldOut;
    if (evalSource.isPresent()) {
      heldOut = evalSource.get().load(classes, true, EVALUATION, shaper);
      int pool = Math.min(poolSize, publicSet.size());
      split = new PublicSplit(publicSet.range(publicSet.name() + "/pool", 0, pool),
          heldOut.data().range(heldOut.data().name() + "/holdout", 0, heldOut.data().size()));
    } else {
      if (poolSize >= publicSet.size()) {
        throw UserError.forFile(publicSource.path(), publicSet.size() + " images, not more"
            + " than the query pool of " + poolSize + "; nothing would be left for the held-out"
            + " evaluation set (lower dataset.query_pool, or give dataset.images.eval_dir or"
            + " eval_file)");
      }
      split = PublicSplit.of(publicSet, poolSize);
      heldOut = null;
      requireLabelled(split.holdout(), publicImages, poolSize,
          "the held-out evaluation set (the public images after the query pool)");
    }
    ContentOverlap.refuseAcrossSources(privateImages, publicImages, Optional.ofNullable(heldOut));
    return new UserImages(privateImages.data(), split, shaper);
  }

  /** Refuses an unlabelled held-out image, naming its file. */
  private static void requireLabelled(Dataset holdout, LoadedImages source, int offset,
      String role) {
    for (int i = 0; i < holdout.size(); i++) {
      if (!holdout.isLabelled(i)) {
        throw new UserError(source.names().get(offset + i) + ": no label; " + role
            + " must be labelled (only the query pool, the first dataset.query_pool public"
            + " images, may be unlabelled)");
      }
    }
  }
}
