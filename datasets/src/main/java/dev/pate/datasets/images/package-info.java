/**
 * Images as users have them: a folder of PNG and JPEG files (one sub-folder per class where
 * labelled, read through the JDK's ImageIO), a NumPy {@code .npy} array of N x H x W [x C]
 * unsigned bytes, or IDX files of any size with 1 or 3 channels ({@link
 * dev.pate.datasets.images.ImageSource}). {@link dev.pate.datasets.images.ImageShaper} makes every
 * image of a run one shape (resized and channels converted where {@link
 * dev.pate.datasets.images.ImageConversion} says, otherwise checked); {@link
 * dev.pate.datasets.images.UserImages} puts a run's private, pool and held-out sources together,
 * checks that the private and held-out images are labelled (the pool need not be) and refuses an
 * image found in two of them.
 *
 * <p>Every bad input is one {@link dev.pate.files.UserError} line naming the file: an image
 * that cannot be decoded, one of another shape where nothing converts it, a class folder that is
 * not a class, a file beside class folders, labels that do not match the images.
 */
package dev.pate.datasets.images;
