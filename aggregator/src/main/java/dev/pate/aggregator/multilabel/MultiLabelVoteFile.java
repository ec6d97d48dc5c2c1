package dev.pate.aggregator.multilabel;

import dev.pate.files.UserError;
import dev.pate.files.npy.NpyData;
import dev.pate.files.npy.NpyReader;
import dev.pate.files.npy.NpyWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Multi-label vote files: a NumPy {@code .npy} array of shape {@code (queries, teachers, labels)}
 * holding each teacher's 0/1 vote on each label of each query (any integer or float dtype; a run
 * writes {@code |u1}). Per-label counts alone would not do: tau-clipping weighs each teacher's
 * vector by its own number of positives, and Powerset voting counts each teacher's whole subset.
 */
public final class MultiLabelVoteFile {
  private MultiLabelVoteFile() {}

  /**
   * Every query's votes.
   *
   * @throws UserError naming the file and the element or header field when it is not such an array
   */
  public static List<MultiLabelVotes> read(Path file) {
    NpyData array;
    try {
      array = NpyReader.read(file);
    } catch (IOException e) {
      throw UserError.unreadable(file, e);
    }
    int[] shape = array.shape();
    if (shape.length != 3 || shape[0] < 1 || shape[1] < 1 || shape[2] < 1
        || shape[2] > MultiLabelVotes.MAX_LABELS) {
      throw new UserError(file, "header field 'shape'", "shape " + array.shapeText()
          + " is not (queries, teachers, labels) with at least one of each and at most "
          + MultiLabelVotes.MAX_LABELS + " labels");
    }
    int queries = shape[0];
    int teachers = shape[1];
    int labels = shape[2];
    double[] values = array.values();
    List<MultiLabelVotes> votes = new ArrayList<>(queries);
    for (int q = 0; q < queries; q++) {
      int[] masks = new int[teachers];
      for (int t = 0; t < teachers; t++) {
        for (int j = 0; j < labels; j++) {
          double v = values[(q * teachers + t) * labels + j];
          if (v != 0 && v != 1) {
            throw new UserError(file, "element [" + q + ", " + t + ", " + j + "]",
                v + " is not a vote (expected 0 or 1)");
          }
          if (v == 1) {
            masks[t] |= 1 << j;
          }
        }
      }
      votes.add(new MultiLabelVotes(labels, masks));
    }
    return votes;
  }

  /** Writes the votes (all over the same labels and teachers) as an {@code |u1} array. */
  public static void write(Path file, List<MultiLabelVotes> votes) throws IOException {
    if (votes.isEmpty()) {
      throw new IllegalArgumentException("votes: none to write");
    }
    int teachers = votes.get(0).teachers();
    int labels = votes.get(0).labels();
    byte[] data = new byte[votes.size() * teachers * labels];
    int i = 0;
    for (MultiLabelVotes query : votes) {
      if (query.teachers() != teachers || query.labels() != labels) {
        throw new IllegalArgumentException("votes: not all over " + teachers + " teachers and "
            + labels + " labels");
      }
      for (int mask : query.teacherVotes()) {
        for (int j = 0; j < labels; j++) {
          data[i++] = (byte) ((mask >>> j) & 1);
        }
      }
    }
    Files.write(file, NpyWriter.npy("|u1", false,
        "(" + votes.size() + ", " + teachers + ", " + labels + ")", data));
  }
}
