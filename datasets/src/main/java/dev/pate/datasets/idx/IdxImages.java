package dev.pate.datasets.idx;

/**
 * The content of an IDX image file.
 *
 * <p>The array is handed over without a copy (it can be 47 MB) and belongs to the caller; {@link
 * dev.pate.datasets.ImageDatasets} wraps it into an immutable {@link
 * dev.pate.datasets.ImageDataset} and never touches it again.
 *
 * @param count number of images
 * @param rows image height
 * @param cols image width
 * @param channels values per pixel: 1 for a 3-dimensional file, the last size of a 4-dimensional
 *     one
 * @param pixels {@code count * rows * cols * channels} unsigned bytes as the file has them:
 *     row-major per image, a pixel's channels next to each other (interleaved)
 */
public record IdxImages(int count, int rows, int cols, int channels, byte[] pixels) {}
