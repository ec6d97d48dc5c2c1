/**
 * Finding, fetching and verifying dataset files.
 *
 * <ul>
 *   <li>{@link dev.pate.datasets.files.KnownFiles}: the files of the known datasets (MNIST,
 *       Fashion-MNIST, UCI Adult) with their size, pinned SHA-256 and standard download URLs.
 *   <li>{@link dev.pate.datasets.files.Checksums}: SHA-256 verification, cached per JVM.
 *   <li>{@link dev.pate.datasets.files.DataDirectory}: which data directory to use (first found
 *       wins: {@code --data-dir}, {@code $PATE_DATA_DIR}, {@code ./data}, {@code ../shared/data},
 *       then the same two relative to the {@code pate.repo.root} system property) and, when no
 *       directory holds a dataset, its download through a {@link
 *       dev.pate.datasets.files.Downloader} into a temporary file that is verified and then
 *       atomically renamed.
 * </ul>
 */
package dev.pate.datasets.files;
