/**
 * Reader for gzip-compressed IDX files, the format of MNIST and Fashion-MNIST (LeCun et al., <a
 * href="http://yann.lecun.com/exdb/mnist/">http://yann.lecun.com/exdb/mnist/</a>): a big-endian
 * header {@code int magic, int count[, int rows, int cols]} followed by one unsigned byte per pixel
 * or label. The reader trusts nothing: magic number, dimensions, the exact number of payload bytes
 * (no more, no less) and label ranges are all checked, and every failure is a one-line {@link
 * dev.pate.files.UserError} naming the file.
 */
package dev.pate.datasets.idx;
