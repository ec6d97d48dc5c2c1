package dev.pate.spark;

import dev.pate.ensemble.TeacherRecord;
import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * One ensemble's folder in {@code teachers.spark.shared_dir}, on any Hadoop file system: {@code
 * <shared_dir>/<ensemble key>/}, laid out as a teacher-cache folder ({@code teacher-NNN.zip}, then
 * its {@code teacher-NNN.json} record), so a record there means a saved teacher. Files are written
 * under a temporary name and renamed, so a task that dies half-way leaves no teacher behind, and
 * are owner-only (0600, the folder 0700) where the file system has permissions. The
 * driver and every task open it from its URI and the {@code spark.hadoop.*} settings.
 */
final class SharedDir implements Serializable {
  private static final long serialVersionUID = 1L;
  static final String KEY = "teachers.spark.shared_dir";
  private static final FsPermission OWNER_ONLY_FILE = new FsPermission((short) 0600);
  private static final FsPermission OWNER_ONLY_FOLDER = new FsPermission((short) 0700);

  private final String root;
  private final String folder;
  private final Map<String, String> hadoop;
  private transient FileSystem fs;

  /**
   * @param root the shared_dir URI, for messages
   * @param key the ensemble's key hash, its folder's name
   * @param hadoop Hadoop settings ({@code spark.hadoop.*} without the prefix)
   */
  SharedDir(String root, String key, Map<String, String> hadoop) {
    this.root = root;
    this.folder = root.endsWith("/") ? root + key : root + "/" + key;
    this.hadoop = Map.copyOf(hadoop);
  }

  /** The folder's URI. */
  String uri() {
    return folder;
  }

  /** Whether the folder is {@code local}, the driver's cache folder (then nothing is copied). */
  boolean isLocal(java.nio.file.Path local) {
    Path path = new Path(folder);
    return "file".equals(path.toUri().getScheme())
        && java.nio.file.Path.of(path.toUri()).normalize().equals(local.toAbsolutePath().normalize());
  }

  /**
   * Fails unless the folder can be created and written: better one line now than a task failing
   * on every executor later.
   */
  void requireWritable() {
    String probe = ".probe-" + UUID.randomUUID();
    try {
      writeString(probe, "pate");
      fs().delete(path(probe), false);
    } catch (IOException | UncheckedIOException | IllegalArgumentException | UserError e) {
      throw new UserError(KEY + " " + root + ": cannot write there (" + OneLine.of(e) + ")", e);
    }
  }

  /** Teacher {@code teacher}'s record, if the folder holds it and its model. */
  Optional<TeacherRecord> record(int teacher) {
    try {
      Path file = path(TeacherCache.recordFile(teacher));
      if (!fs().exists(file)) {
        return Optional.empty();
      }
      String text;
      try (InputStream in = fs().open(file)) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      TeacherRecord record = Json.mapper().readValue(text, TeacherRecord.class);
      return record.index() == teacher && fs().exists(path(record.file())) ? Optional.of(record)
          : Optional.empty();
    } catch (IOException e) {
      throw failure("cannot read teacher " + teacher + "'s record", e);
    }
  }

  /** Copies the file {@code name} of the folder to {@code target}. */
  void download(String name, java.nio.file.Path target) {
    try (OutputStream out = Files.newOutputStream(target)) {
      copy(name, out);
    } catch (IOException e) {
      throw failure("cannot write " + target, e);
    }
  }

  /** Copies the file {@code name} of the folder to {@code out}. */
  void copy(String name, OutputStream out) {
    try (InputStream in = fs().open(path(name))) {
      in.transferTo(out);
    } catch (IOException e) {
      throw failure("cannot read " + name, e);
    }
  }

  /** Writes {@code source} as the folder's file {@code name}, whole or not at all. */
  void upload(java.nio.file.Path source, String name) {
    try (InputStream in = Files.newInputStream(source)) {
      write(name, in.readAllBytes());
    } catch (IOException e) {
      throw failure("cannot write " + name, e);
    }
  }

  /** Writes {@code text} as the folder's file {@code name}, whole or not at all. */
  void writeString(String name, String text) {
    try {
      write(name, text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw failure("cannot write " + name, e);
    }
  }

  private void write(String name, byte[] bytes) throws IOException {
    Path target = path(name);
    Path temporary = path("." + name + "." + UUID.randomUUID() + ".tmp");
    Path dir = new Path(folder);
    if (!fs().exists(dir)) {
      fs().mkdirs(dir);
      fs().setPermission(dir, OWNER_ONLY_FOLDER);
    }
    try (OutputStream out = fs().create(temporary, true)) {
      // Teachers are the data owner's private record (as in the local cache, FileModes): owner
      // only, set before any byte is written. File systems without permissions (object stores)
      // ignore it; their buckets' access rules decide.
      fs().setPermission(temporary, OWNER_ONLY_FILE);
      out.write(bytes);
    }
    // Some file systems (HDFS) refuse to rename onto an existing file: a retried task's copy.
    fs().delete(target, false);
    if (!fs().rename(temporary, target)) {
      fs().delete(temporary, false);
      throw new IOException("the file system refused to rename " + temporary + " to " + target);
    }
  }

  private Path path(String name) {
    return new Path(folder, name);
  }

  private FileSystem fs() throws IOException {
    if (fs == null) {
      Configuration conf = new Configuration();
      hadoop.forEach(conf::set);
      fs = new Path(folder).getFileSystem(conf);
      // No .crc side files next to the teachers: models carry their own sha256.
      fs.setWriteChecksum(false);
      fs.setVerifyChecksum(false);
    }
    return fs;
  }

  private UserError failure(String what, IOException e) {
    return new UserError(KEY + " " + folder + ": " + what + " (" + OneLine.of(e) + ")",
        e);
  }

}
