package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.TableDataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The brute-force neighbours, per method, on a small private file of 48 records in 3
 * groups: every record replaced by one of its own group and by one of each other group, one
 * record of each group appended, the last removed. Each time, the teachers whose partition (its
 * records: position, label, group) changed are counted against the stated sensitivity, and the
 * histogram of the teachers' votes (each teacher votes its partition's majority label), weighted
 * by the group multipliers under weighting, is compared: a change within a group moves it by at
 * most {@code s} in any class and by at most {@code s * sqrt(2)} in L2, {@code s} the group's
 * multiplier.
 */
class GroupPartitionsNeighbourTest {
  private static final List<String> NAMES = List.of("strict", "standard", "open");
  private static final int RECORDS = 48;
  private static final int CLASSES = 2;
  private static final long SEED = 20230226L;

  /** c_g for upsampling, w_g for weighting: each group's sensitivity multiplier. */
  private static final int[] MULTIPLIERS = {1, 2, 3};

  private static final int UPSAMPLED_TEACHERS = 7;
  private static final int[] TEACHERS_PER_GROUP = {2, 3, 2};

  /** One record of the private file. */
  private record Row(int label, int group) {}

  @Test
  void upsampledNeighboursChangeAtMostTheStatedTeachersAndVotes() {
    Outcome outcome = everyNeighbour(true);
    assertTrue(outcome.changedHistograms > 0, "no neighbour moved a vote: the test saw nothing");
  }

  @Test
  void perGroupNeighboursChangeAtMostOneTeacherOfEachGroupAndTheWeightedVotes() {
    Outcome outcome = everyNeighbour(false);
    assertTrue(outcome.changedHistograms > 0, "no neighbour moved a vote: the test saw nothing");
  }

  private static final class Outcome {
    int neighbours;
    int changedHistograms;
  }

  private Outcome everyNeighbour(boolean upsampled) {
    Random random = new Random(SEED);
    List<Row> file = new ArrayList<>();
    for (int p = 0; p < RECORDS; p++) {
      file.add(new Row(random.nextInt(CLASSES), p % 3 == 0 ? 0 : random.nextInt(3)));
    }
    Ensemble base = Ensemble.of(file, upsampled);
    Outcome outcome = new Outcome();
    for (int p = 0; p < RECORDS; p++) {
      Row old = file.get(p);
      for (int h = 0; h < 3; h++) {
        for (int label = 0; label < CLASSES; label++) {
          Row replacement = new Row(label, h);
          if (replacement.equals(old)) {
            continue;
          }
          List<Row> changed = new ArrayList<>(file);
          changed.set(p, replacement);
          check(base, Ensemble.of(changed, upsampled), old.group(), h, upsampled, outcome,
              "position " + p + " " + old + " -> " + replacement);
        }
      }
    }
    for (int g = 0; g < 3; g++) {
      List<Row> longer = new ArrayList<>(file);
      longer.add(new Row(random.nextInt(CLASSES), g));
      check(base, Ensemble.of(longer, upsampled), g, g, upsampled, outcome, "appended " + g);
    }
    List<Row> shorter = new ArrayList<>(file.subList(0, RECORDS - 1));
    int last = file.get(RECORDS - 1).group();
    check(base, Ensemble.of(shorter, upsampled), last, last, upsampled, outcome, "last removed");
    assertEquals(RECORDS * (3 * CLASSES - 1) + 4, outcome.neighbours);
    return outcome;
  }

  private static void check(Ensemble a, Ensemble b, int g, int h, boolean upsampled,
      Outcome outcome, String what) {
    outcome.neighbours++;
    assertEquals(a.partitions.size(), b.partitions.size(), what);
    int changed = 0;
    int[] changedOfGroup = new int[3];
    for (int t = 0; t < a.partitions.size(); t++) {
      if (!a.partitions.get(t).equals(b.partitions.get(t))) {
        changed++;
        if (!upsampled) {
          changedOfGroup[a.teacherGroup[t]]++;
        }
      }
    }
    if (upsampled) {
      int bound = Math.max(MULTIPLIERS[g], MULTIPLIERS[h]);
      assertTrue(changed <= bound, what + ": " + changed + " teachers changed, bound " + bound);
    } else {
      assertTrue(changedOfGroup[g] <= 1 && changedOfGroup[h] <= 1, what + ": "
          + Arrays.toString(changedOfGroup));
      assertEquals(changed, g == h ? changedOfGroup[g] : changedOfGroup[g] + changedOfGroup[h],
          what + ": a teacher of an uninvolved group changed");
    }
    double[] hA = a.histogram();
    double[] hB = b.histogram();
    double l2 = 0;
    double max = 0;
    for (int k = 0; k < CLASSES; k++) {
      double d = Math.abs(hA[k] - hB[k]);
      l2 += d * d;
      max = Math.max(max, d);
    }
    l2 = Math.sqrt(l2);
    if (max > 0) {
      outcome.changedHistograms++;
    }
    if (g == h) {
      int s = MULTIPLIERS[g];
      assertTrue(max <= s, what + ": a count moved by " + max + ", sensitivity " + s);
      assertTrue(l2 <= s * Math.sqrt(2) + 1e-12, what + ": L2 " + l2 + ", bound " + s + "*sqrt 2");
    } else {
      // Across groups the change is bounded by both groups' sensitivities together.
      int s = upsampled ? Math.max(MULTIPLIERS[g], MULTIPLIERS[h]) : MULTIPLIERS[g] + MULTIPLIERS[h];
      assertTrue(max <= s, what + ": a count moved by " + max + ", bound " + s);
      assertTrue(l2 <= s * Math.sqrt(2) + 1e-12, what + ": L2 " + l2);
    }
  }

  /** The teachers of one private file: each partition as position -> row, and their votes. */
  private static final class Ensemble {
    final List<Map<Integer, Row>> partitions = new ArrayList<>();
    final int[] teacherGroup;
    final double[] weights;

    private Ensemble(GroupPartitions split, List<Row> rows, boolean upsampled) {
      teacherGroup = new int[split.count()];
      weights = new double[split.count()];
      for (int t = 0; t < split.count(); t++) {
        Map<Integer, Row> partition = new TreeMap<>();
        for (int position : split.positions(t)) {
          partition.put(position, rows.get(position));
        }
        partitions.add(partition);
        teacherGroup[t] = upsampled ? -1 : split.groupOf(t).getAsInt();
        weights[t] = upsampled ? 1 : MULTIPLIERS[teacherGroup[t]];
      }
    }

    static Ensemble of(List<Row> rows, boolean upsampled) {
      int[] labels = rows.stream().mapToInt(Row::label).toArray();
      int[] groups = rows.stream().mapToInt(Row::group).toArray();
      int[] records = new int[rows.size()];
      Arrays.setAll(records, p -> p);
      float[] features = new float[rows.size()];
      TableDataset data = TableDataset.wrap("/data/private.csv", "private.csv", List.of("x"),
          CLASSES, features, labels, records);
      GroupPartitions split = upsampled
          ? GroupPartitions.upsampled(data, groups, NAMES, UPSAMPLED_TEACHERS, MULTIPLIERS,
              SEED, PartitionLimits.NONE)
          : GroupPartitions.perGroup(data, groups, NAMES, TEACHERS_PER_GROUP, SEED,
              PartitionLimits.NONE);
      GroupCoverage.verify(split, GroupPartitionsTest.emptyPublic());
      return new Ensemble(split, rows, upsampled);
    }

    /** Each teacher votes its partition's majority label (ties: the lower), with its weight. */
    double[] histogram() {
      double[] votes = new double[CLASSES];
      for (int t = 0; t < partitions.size(); t++) {
        int[] counts = new int[CLASSES];
        for (Row row : partitions.get(t).values()) {
          counts[row.label()]++;
        }
        int vote = 0;
        for (int k = 1; k < CLASSES; k++) {
          if (counts[k] > counts[vote]) {
            vote = k;
          }
        }
        votes[vote] += weights[t];
      }
      return votes;
    }
  }
}
