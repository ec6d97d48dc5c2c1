package dev.pate.aggregator.lnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.pateCase;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Section e of the reference vectors (quirks of the reference code): the corrected analysis does
 * the right thing, the official variant reproduces the quirk, and the difference is asserted.
 */
class Pate2017QuirksTest {
  private static final double TOL = CLOSED_FORM_REL_TOL;
  private static final int MOMENTS = 8;

  private static double[] smoothedSens(double[] counts, double gamma, double beta,
      Pate2017Variant variant) {
    double[] out = new double[MOMENTS];
    for (int l = 1; l <= MOMENTS; l++) {
      out[l - 1] = Pate2017SmoothSensitivity.smoothedSens(counts, gamma, l, beta, variant);
    }
    return out;
  }

  private static double[] logmgf(double[] counts, double gamma, Pate2017Variant variant) {
    double[] out = new double[MOMENTS];
    for (int l = 1; l <= MOMENTS; l++) {
      out[l - 1] = Pate2017Moments.logmgfFromCounts(counts, gamma, l, variant);
    }
    return out;
  }

  private static double[] sortedDescending(double[] counts) {
    double[] s = counts.clone();
    Arrays.sort(s);
    for (int i = 0; i < s.length / 2; i++) {
      double t = s[i];
      s[i] = s[s.length - 1 - i];
      s[s.length - 1 - i] = t;
    }
    return s;
  }

  @Test
  void smoothSensitivityDependsOnClassOrderOnlyInTheOfficialCode() {
    JsonNode rows = pateCase("e.a17.smoothed_sens_order_dependence").get("outputs").get("rows");
    assertTrue(rows.size() > 0);
    int permutedPairsThatDiffer = 0;
    for (JsonNode row : rows) {
      double[] counts = array(row.get("counts"));
      double gamma = num(row.get("noise_eps"));
      double beta = num(row.get("beta"));
      String what = Arrays.toString(counts);
      double[] expectedSens = array(row.get("smoothed_sens_l1_to_8"));

      // The official code reproduces the reference, quirk included.
      assertClose(expectedSens, smoothedSens(counts, gamma, beta, Pate2017Variant.OFFICIAL_CODE),
          TOL, what + " official smoothed_sens");
      // The log moment does not depend on the order of the classes, in both variants.
      double[] expectedLogmgf = array(row.get("logmgf_l1_to_8"));
      assertClose(expectedLogmgf, logmgf(counts, gamma, Pate2017Variant.OFFICIAL_CODE), TOL,
          what + " official logmgf");
      assertClose(expectedLogmgf, logmgf(counts, gamma, Pate2017Variant.CORRECTED), TOL,
          what + " corrected logmgf");

      // Corrected: the same for every order of the classes, and equal to what the official code
      // gives when the plurality class is listed first (sorted input, where the quirk is absent).
      double[] sorted = sortedDescending(counts);
      double[] corrected = smoothedSens(counts, gamma, beta, Pate2017Variant.CORRECTED);
      assertArrayEquals(smoothedSens(sorted, gamma, beta, Pate2017Variant.CORRECTED), corrected);
      assertClose(smoothedSens(sorted, gamma, beta, Pate2017Variant.OFFICIAL_CODE), corrected, TOL,
          what + " corrected vs official on sorted counts");

      // The documented difference: for a permutation of a listed multiset, the reference differs.
      for (JsonNode other : rows) {
        double[] otherCounts = array(other.get("counts"));
        if (other != row && Arrays.equals(sortedDescending(otherCounts), sorted)
            && !Arrays.equals(array(other.get("smoothed_sens_l1_to_8")), expectedSens)) {
          permutedPairsThatDiffer++;
          assertClose(corrected,
              smoothedSens(otherCounts, gamma, beta, Pate2017Variant.CORRECTED), 0, what);
        }
      }
    }
    assertTrue(permutedPairsThatDiffer > 0,
        "the reference no longer shows an order-dependent smooth sensitivity");
  }

  @Test
  void pysyftAnalysesLabelValuesAsRowIndices() {
    JsonNode c = pateCase("e.pysyft_perform_analysis_semantics");
    JsonNode in = c.get("inputs");
    JsonNode out = c.get("outputs");
    double gamma = num(in.get("noise_eps"));
    double delta = num(in.get("delta"));
    JsonNode matrix = in.get("counts_matrix");
    double[][] all = new double[matrix.size()][];
    for (int i = 0; i < all.length; i++) {
      all[i] = array(matrix.get(i));
    }

    // The right thing: one query per row of the counts matrix.
    Pate2017Report correct = Pate2017Analysis.analyse(all, gamma, delta, 0.09,
        Pate2017Variant.CORRECTED);
    double[] expectedAll = array(out.get("all_50_queries_eps_and_data_independent"));
    assertEquals(2, expectedAll.length);
    assertEquals(all.length, correct.queries());
    assertClose(expectedAll[0], correct.epsilon().epsilon(), TOL, "eps over all queries");
    assertClose(expectedAll[1], correct.dataIndependentEpsilon().epsilon(), TOL,
        "data-independent eps over all queries");

    // PySyft's test passes the labels as `indices`, so rows are picked by label value.
    double[] labels = array(in.get("labels"));
    List<double[]> picked = new ArrayList<>();
    TreeSet<Integer> distinct = new TreeSet<>();
    for (double label : labels) {
      picked.add(all[(int) label]);
      distinct.add((int) label);
    }
    double[] expectedRows = array(out.get("rows_analysed_pysyft_style"));
    assertArrayEquals(expectedRows, distinct.stream().mapToDouble(i -> i).toArray());
    Pate2017Report pysyft = Pate2017Analysis.analyse(picked.toArray(new double[0][]), gamma,
        delta, 0.09, Pate2017Variant.OFFICIAL_CODE);
    double[] expectedPysyft = array(out.get("pysyft_style_eps_and_data_independent"));
    assertClose(expectedPysyft[0], pysyft.epsilon().epsilon(), TOL, "PySyft-style eps");
    assertClose(expectedPysyft[1], pysyft.dataIndependentEpsilon().epsilon(), TOL,
        "PySyft-style data-independent eps");

    // The documented difference: the PySyft-style number understates the spend.
    assertTrue(pysyft.epsilon().epsilon() < correct.epsilon().epsilon());
    assertFalse(Arrays.equals(expectedPysyft, expectedAll));
  }
}
