package dev.pate.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The permission policy. Everything a run writes (teachers, votes, labels, ledger, report, the
 * teacher cache, a study's points and tables) is the data owner's private record: files {@code
 * rw-------} (0600), folders {@code rwx------} (0700), set when each is created rather than left to
 * the umask. Only a release is meant to be shared: {@link #share} makes its files {@code
 * rw-r--r--} (0644) and its folder {@code rwxr-xr-x} (0755), so that a copy of it keeps them
 * readable; inside its owner-only run folder nobody else can reach it until it is copied out.
 * On file systems without POSIX permissions (Windows) nothing is set: there the folder's access
 * control list decides.
 */
public final class FileModes {
  public static final Set<PosixFilePermission> PRIVATE_FILE =
      PosixFilePermissions.fromString("rw-------");
  public static final Set<PosixFilePermission> PRIVATE_FOLDER =
      PosixFilePermissions.fromString("rwx------");
  public static final Set<PosixFilePermission> SHARED_FILE =
      PosixFilePermissions.fromString("rw-r--r--");
  public static final Set<PosixFilePermission> SHARED_FOLDER =
      PosixFilePermissions.fromString("rwxr-xr-x");

  private FileModes() {}

  /** Whether the file system of {@code where} has POSIX permissions. */
  public static boolean posix(Path where) {
    return where.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /**
   * The attribute that creates a file owner-only (for {@code Files.createFile}, {@code
   * createTempFile}, {@code FileChannel.open}); none where {@code where}'s file system has no POSIX
   * permissions.
   */
  public static FileAttribute<?>[] privateFile(Path where) {
    return attribute(where, PRIVATE_FILE);
  }

  /** The attribute that creates a folder owner-only ({@code Files.createDirectory}). */
  public static FileAttribute<?>[] privateFolder(Path where) {
    return attribute(where, PRIVATE_FOLDER);
  }

  private static FileAttribute<?>[] attribute(Path where, Set<PosixFilePermission> mode) {
    return posix(where)
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)}
        : new FileAttribute<?>[0];
  }

  /**
   * Creates {@code folder} and any missing parent, each owner-only; folders that exist are left as
   * they are (an operator's {@code runs/} keeps its own mode).
   *
   * @return {@code folder}
   */
  public static Path createPrivateFolders(Path folder) {
    try {
      return Files.isDirectory(folder) ? folder
          : Files.createDirectories(folder, privateFolder(folder));
    } catch (IOException e) {
      throw new UserError("cannot create " + folder + ": " + e.getMessage(), e);
    }
  }

  /**
   * Makes a folder and everything in it readable by others (folders 0755, files 0644): for what is
   * published. Nothing happens without POSIX permissions.
   */
  public static void share(Path tree) {
    if (!posix(tree)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(tree)) {
      List<Path> all = paths.sorted(Comparator.reverseOrder()).toList();
      for (Path p : all) {
        Files.setPosixFilePermissions(p, Files.isDirectory(p) ? SHARED_FOLDER : SHARED_FILE);
      }
    } catch (IOException e) {
      throw new UserError("cannot make " + tree + " readable: " + e.getMessage(), e);
    }
  }
}
