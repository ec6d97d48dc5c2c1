/**
 * NumPy's {@code .npy} format, read in one place: {@link dev.pate.files.npy.NpyReader} checks the
 * header and the data's length and gives an {@link dev.pate.files.npy.NpyData} (dtype, shape, raw
 * elements), which the vote readers (module aggregator) turn into counts and the image readers
 * (module datasets) into pixels. Problems are one-line {@link
 * dev.pate.files.UserError}s naming the file and the header field or the data.
 */
package dev.pate.files.npy;
