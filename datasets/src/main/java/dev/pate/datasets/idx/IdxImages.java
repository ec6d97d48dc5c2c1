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
 * @param pixels {@code count * rows * cols} unsigned bytes, row-major per image
 */
public record IdxImages(int count, int rows, int cols, byte[] pixels) {}
