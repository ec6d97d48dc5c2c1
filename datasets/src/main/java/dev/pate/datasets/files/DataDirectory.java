package dev.pate.datasets.files;

import dev.pate.files.UserError;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where the datasets live, and how missing ones are fetched.
 *
 * <p>Candidate directories, first found wins:
 *
 * <ol>
 *   <li>the explicit directory ({@code --data-dir} or configuration), if given;
 *   <li>{@code $PATE_DATA_DIR};
 *   <li>{@code ./data} (relative to the working directory);
 *   <li>{@code ../shared/data} (a data folder beside the checkout, as CI has);
 *   <li>{@code <root>/data} and {@code <root>/../shared/data} if the system property {@code
 *       pate.repo.root} is set (Surefire sets it to the checkout root).
 * </ol>
 *
 * <p>A candidate holds a dataset when its folder (e.g. {@code mnist/}) contains every file of the
 * dataset; a folder with only some files is skipped in favour of a later complete one (but
 * downloads go into it, to complete it). A data file's name taken by something that is not a
 * regular file (a folder, say) is an error naming it, never skipped: falling back to another
 * directory's copy would train on data the user did not point at. If no candidate holds the dataset, each missing file is
 * fetched from its standard mirrors, in order, into a temporary file in the target folder, verified
 * against its pinned SHA-256 and only then atomically renamed into place, so an interrupted or
 * corrupted download never leaves a file that looks complete. The target is the first candidate
 * whose dataset folder exists, otherwise the first writable candidate. If that fails (e.g.
 * offline), the error is a single line listing the missing files, the directories searched and why
 * the download failed.
 */
public final class DataDirectory {
  /** Environment variable naming a data directory. */
  public static final String ENV_VARIABLE = "PATE_DATA_DIR";

  /** System property naming the checkout root (set by Surefire for tests). */
  public static final String REPO_ROOT_PROPERTY = "pate.repo.root";

  private final List<Path> candidates;
  private final Downloader downloader;

  private DataDirectory(List<Path> candidates, Downloader downloader) {
    this.candidates = candidates;
    this.downloader = downloader;
  }

  /**
   * The standard resolution: {@code explicitDir} (may be null), {@code $PATE_DATA_DIR}, {@code
   * ./data}, {@code ../shared/data}, then relative to {@code pate.repo.root} if set; downloads with
   * an {@link HttpDownloader} that shows progress on {@code System.err}.
   */
  public static DataDirectory standard(Path explicitDir) {
    return of(
        standardCandidates(
            explicitDir,
            System.getenv(ENV_VARIABLE),
            Path.of("").toAbsolutePath(),
            System.getProperty(REPO_ROOT_PROPERTY)),
        new HttpDownloader(System.err));
  }

  /** {@link #standard(Path)} without an explicit directory. */
  public static DataDirectory standard() {
    return standard(null);
  }

  /**
   * Exactly the given candidate directories, in priority order (relative ones are resolved against
   * the working directory; duplicates are dropped), with the given downloader.
   */
  public static DataDirectory of(List<Path> candidates, Downloader downloader) {
    Objects.requireNonNull(downloader, "downloader");
    Set<Path> unique = new LinkedHashSet<>();
    for (Path candidate : candidates) {
      unique.add(candidate.toAbsolutePath().normalize());
    }
    if (unique.isEmpty()) {
      throw new IllegalArgumentException("candidates: empty, expected at least one directory");
    }
    return new DataDirectory(List.copyOf(unique), downloader);
  }

  /** The candidate list of {@link #standard(Path)}, from explicit inputs (for tests). */
  static List<Path> standardCandidates(Path explicitDir, String envDir, Path cwd, String repoRoot) {
    List<Path> list = new ArrayList<>();
    if (explicitDir != null) {
      list.add(cwd.resolve(explicitDir));
    }
    if (envDir != null && !envDir.isBlank()) {
      list.add(cwd.resolve(envDir.strip()));
    }
    list.add(cwd.resolve("data"));
    list.add(cwd.resolve("../shared/data"));
    if (repoRoot != null && !repoRoot.isBlank()) {
      Path root = cwd.resolve(repoRoot.strip());
      list.add(root.resolve("data"));
      list.add(root.resolve("../shared/data"));
    }
    return list.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
  }

  /** The same candidates with another downloader (e.g. {@link Downloader#DISABLED}). */
  public DataDirectory withDownloader(Downloader downloader) {
    return new DataDirectory(candidates, Objects.requireNonNull(downloader, "downloader"));
  }

  /** Candidate directories in priority order, absolute and normalised. */
  public List<Path> candidates() {
    return candidates;
  }

  /** The downloader used for missing datasets. */
  public Downloader downloader() {
    return downloader;
  }

  /** {@link #locate(List)} for all {@link KnownFiles} of {@code dataset}. */
  public Path locate(String dataset) {
    return locate(KnownFiles.of(dataset));
  }

  /**
   * The folder (e.g. {@code /work/shared/data/mnist}) that holds all of {@code files}, downloading
   * them if no candidate does. Files are only checked for presence here; verifying their checksums
   * is the loader's job (see {@link Checksums}).
   *
   * @param files files of one dataset (all with the same {@link DataFile#dataset()})
   * @throws UserError one line: missing files, directories searched, why downloading failed
   */
  public Path locate(List<DataFile> files) {
    if (files.isEmpty()) {
      throw new IllegalArgumentException("files: empty, expected at least one file");
    }
    String dataset = files.get(0).dataset();
    for (DataFile file : files) {
      if (!file.dataset().equals(dataset)) {
        throw new IllegalArgumentException(
            "files: mixes datasets " + dataset + " and " + file.dataset());
      }
    }
    for (Path candidate : candidates) {
      Path folder = candidate.resolve(dataset);
      for (DataFile file : files) {
        requireFileIfPresent(folder.resolve(file.fileName()));
      }
      if (missingIn(folder, files).isEmpty()) {
        return folder;
      }
    }
    Optional<Path> target = downloadTarget(dataset);
    List<DataFile> missing = target.map(t -> missingIn(t, files)).orElse(files);
    String failure;
    if (!downloader.enabled()) {
      failure = "download disabled";
    } else if (target.isEmpty()) {
      failure = "download failed: no writable data directory";
    } else {
      List<Path> created = missingDirectories(target.get());
      Optional<String> error = downloadAll(target.get(), missing);
      if (error.isEmpty()) {
        return target.get();
      }
      removeIfEmpty(created);
      failure = "download failed: " + error.get();
    }
    throw new UserError(
        "missing data: "
            + missing.stream().map(DataFile::relativePath).collect(Collectors.joining(", "))
            + " (searched: "
            + candidates.stream().map(Path::toString).collect(Collectors.joining(", "))
            + "; "
            + failure
            + ")");
  }

  /**
   * A data file named by the user, such as a CSV file of the config: an absolute path as is; a
   * relative one in the working directory, else in the first candidate directory that has it. A
   * known published file (e.g. {@code adult/adult.data}) not in the working directory is located
   * like a dataset (downloaded if no candidate has it) and verified against its pinned SHA-256.
   *
   * @throws UserError one line naming the file and the directories searched
   */
  public Path resolveFile(Path file) {
    requireFileIfPresent(file);
    if (file.isAbsolute() || Files.isRegularFile(file)) {
      if (!Files.isRegularFile(file)) {
        throw UserError.forFile(file, "file not found");
      }
      return file;
    }
    String relative = file.normalize().toString().replace('\\', '/');
    Optional<DataFile> known = KnownFiles.datasets().stream()
        .flatMap(d -> KnownFiles.of(d).stream())
        .filter(f -> f.relativePath().equals(relative))
        .findFirst();
    if (known.isPresent()) {
      Path located = locate(List.of(known.get())).resolve(known.get().fileName());
      Checksums.verify(located, known.get());
      return located;
    }
    for (Path candidate : candidates) {
      Path inCandidate = candidate.resolve(file);
      requireFileIfPresent(inCandidate);
      if (Files.isRegularFile(inCandidate)) {
        return inCandidate;
      }
    }
    throw UserError.forFile(file, "file not found (searched: the working directory "
        + Path.of("").toAbsolutePath() + ", "
        + candidates.stream().map(Path::toString).collect(Collectors.joining(", ")) + ")");
  }

  /**
   * A folder named by the user (of images, say): an absolute path as is; a relative one in the
   * working directory, else in the first candidate directory that has it.
   *
   * @throws UserError one line naming the folder and the directories searched
   */
  public Path resolveFolder(Path folder) {
    if (folder.isAbsolute() || Files.exists(folder)) {
      if (!Files.isDirectory(folder)) {
        throw UserError.forFile(folder, Files.exists(folder) ? "is not a folder, expected a"
            + " folder of images" : "folder not found");
      }
      return folder;
    }
    for (Path candidate : candidates) {
      Path inCandidate = candidate.resolve(folder);
      if (Files.isDirectory(inCandidate)) {
        return inCandidate;
      }
      // As for files: a folder's name taken by something else is an error, never passed over
      // for another data directory's folder of that name.
      if (Files.exists(inCandidate)) {
        throw UserError.forFile(inCandidate, "is not a folder, expected a folder of images");
      }
    }
    throw UserError.forFile(folder, "folder not found (searched: the working directory "
        + Path.of("").toAbsolutePath() + ", "
        + candidates.stream().map(Path::toString).collect(Collectors.joining(", ")) + ")");
  }

  /**
   * Refuses a data file's path that exists but is not a regular file (a folder, a device), so the
   * search never silently passes over it to another directory's copy.
   */
  private static void requireFileIfPresent(Path path) {
    if (Files.exists(path) && !Files.isRegularFile(path)) {
      throw UserError.forFile(path, (Files.isDirectory(path) ? "is a folder" : "is not a"
          + " regular file") + ", expected a data file (remove or rename it; other data"
          + " directories are not searched past it)");
    }
  }

  private static List<DataFile> missingIn(Path folder, List<DataFile> files) {
    return files.stream().filter(f -> !Files.isRegularFile(folder.resolve(f.fileName()))).toList();
  }

  /** First candidate whose dataset folder exists, else the first writable candidate. */
  private Optional<Path> downloadTarget(String dataset) {
    for (Path candidate : candidates) {
      Path folder = candidate.resolve(dataset);
      if (Files.isDirectory(folder) && Files.isWritable(folder)) {
        return Optional.of(folder);
      }
    }
    return candidates.stream()
        .filter(DataDirectory::canCreateOrWrite)
        .findFirst()
        .map(c -> c.resolve(dataset));
  }

  private static boolean canCreateOrWrite(Path dir) {
    Path existing = dir;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing != null && Files.isDirectory(existing) && Files.isWritable(existing);
  }

  /** {@code dir} and those of its ancestors that do not exist yet, deepest first. */
  private static List<Path> missingDirectories(Path dir) {
    List<Path> missing = new ArrayList<>();
    for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
      missing.add(p);
    }
    return missing;
  }

  /** After a failed download, removes the directories it created if they stayed empty. */
  private static void removeIfEmpty(List<Path> createdDeepestFirst) {
    for (Path dir : createdDeepestFirst) {
      try {
        Files.deleteIfExists(dir); // fails, harmlessly, if something was put there meanwhile
      } catch (IOException e) {
        return;
      }
    }
  }

  /**
   * Downloads each file in turn; returns the reason of the first file that could not be fetched.
   */
  private Optional<String> downloadAll(Path folder, List<DataFile> missing) {
    for (DataFile file : missing) {
      Optional<String> error = download(folder, file);
      if (error.isPresent()) {
        return Optional.of(file.relativePath() + ": " + error.get());
      }
    }
    return Optional.empty();
  }

  private Optional<String> download(Path folder, DataFile file) {
    if (file.sources().isEmpty()) {
      return Optional.of("no download source known");
    }
    Path temporary;
    try {
      Files.createDirectories(folder);
      temporary = Files.createTempFile(folder, "." + file.fileName() + ".", ".part");
    } catch (IOException e) {
      return Optional.of("cannot write to " + folder + " (" + UserError.describe(e) + ")");
    }
    List<String> reasons = new ArrayList<>();
    try {
      for (URI source : file.sources()) {
        try {
          downloader.fetch(source, temporary);
        } catch (IOException | RuntimeException e) {
          reasons.add(source.getHost() + " " + UserError.describe(e));
          continue;
        }
        try {
          Checksums.verify(temporary, file);
        } catch (UserError e) {
          reasons.add(source.getHost() + " served a file with the wrong checksum");
          continue;
        }
        moveIntoPlace(temporary, folder.resolve(file.fileName()));
        return Optional.empty();
      }
      return Optional.of(String.join(", ", reasons));
    } catch (IOException e) {
      return Optional.of("cannot write to " + folder + " (" + UserError.describe(e) + ")");
    } finally {
      try {
        Files.deleteIfExists(temporary);
      } catch (IOException e) {
        // Best effort: a leftover hidden ".part" file is harmless and never mistaken for data.
      }
    }
  }

  private static void moveIntoPlace(Path temporary, Path target) throws IOException {
    try {
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      // Same directory, so this only happens on exotic file systems; still never a partial file
      // under the final name, since the temporary file is complete and verified at this point.
      Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
