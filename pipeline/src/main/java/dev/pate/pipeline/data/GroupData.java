package dev.pate.pipeline.data;

import dev.pate.config.RunConfig;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.groups.GroupMembership;
import dev.pate.datasets.groups.GroupReader;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSource;
import dev.pate.files.UserError;

/**
 * Each private example's privacy group, read from the source {@code privacy.groups.source} names
 * and checked ({@link GroupMembership#groupsOf}: one group per record of the private file, every
 * declared group with a record) as soon as the data is loaded, before any teacher trains. Nothing
 * here tells how many records a group has.
 */
public final class GroupData {
  private GroupData() {}

  /**
   * The group index of each example of {@code data.privateSet()}, by index.
   *
   * @throws UserError one line naming the file, line or key at fault
   */
  public static int[] groupsOf(RunConfig config, RunData data, DataDirectory dataDirectory,
      GroupSettings settings) {
    // Positions count every record of the private file: a CSV row dropped for a missing value
    // keeps its position (and needs a group, as it could be any record).
    int records = data.privateTable() != null ? data.privateTable().file().records()
        : data.privateSet().size();
    GroupSource source = settings.source();
    GroupMembership membership;
    if (source instanceof GroupSource.Column c) {
      var csv = config.dataset().csv().orElseThrow(() -> new UserError(GroupReader.COLUMN_KEY
          + ": only for dataset.name csv"));
      if (data.encoding() == null) {
        throw new UserError(GroupReader.COLUMN_KEY + ": the private data was given in code,"
            + " not read from dataset.csv; give " + GroupReader.FILE_KEY + " instead");
      }
      membership = GroupReader.fromColumn(new CsvFile(
          dataDirectory.resolveFile(csv.privateFile()), csv.privateSkipLines()),
          data.encoding().schema(), c.column(), settings.names());
    } else if (source instanceof GroupSource.RecordFile f) {
      membership = GroupReader.fromRecordFile(dataDirectory.resolveFile(f.file()),
          settings.names());
    } else if (source instanceof GroupSource.Folders f) {
      var folder = config.dataset().images().flatMap(i -> i.privateDir())
          .orElseThrow(() -> new UserError(GroupReader.FOLDERS_KEY + ": only for private"
              + " images in class folders (dataset.images.private_dir)"));
      membership = GroupReader.fromFolders(dataDirectory.resolveFolder(folder),
          data.images().classes(), f.groupOfFolder(), settings.names());
    } else {
      GroupSource.Draw d = (GroupSource.Draw) source;
      membership = GroupReader.drawn(d.proportions(), config.seed(), records, settings.names());
    }
    return membership.groupsOf(data.privateSet(), records);
  }
}
