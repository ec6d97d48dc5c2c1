package dev.pate.spark;

import java.io.Serializable;
import java.util.List;

/**
 * What a task sends back to the driver: no data, no model, only the records of its teachers (as
 * written next to their models) and their summed vote counts on the query images.
 *
 * @param records each teacher's record as JSON, in the group's order
 * @param votes {@code votes[q][c]}: the group's teachers that answer class c for query q
 */
record GroupResult(List<String> records, int[][] votes) implements Serializable {
  private static final long serialVersionUID = 1L;
}
