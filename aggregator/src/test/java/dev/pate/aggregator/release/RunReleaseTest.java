package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RunReleaseTest {
  private static final int TEACHERS = 250;
  private static final int CLASSES = 10;
  private static final Orders ORDERS = Orders.defaults();

  /** A synthetic run: votes of teachers of varying accuracy, answers drawn at random. */
  private record Query(double[] counts, boolean answered) {}

  private static List<Query> transcript(int queries, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Query> out = new ArrayList<>();
    for (int q = 0; q < queries; q++) {
      double accuracy = 0.3 + 0.69 * random.nextDouble();
      double[] counts = new double[CLASSES];
      int label = random.nextInt(CLASSES);
      for (int t = 0; t < TEACHERS; t++) {
        counts[random.nextDouble() < accuracy ? label : random.nextInt(CLASSES)]++;
      }
      out.add(new Query(counts, random.nextBoolean()));
    }
    return out;
  }

  private static int indexOf(double order) {
    int i = Arrays.binarySearch(ORDERS.toArray(), order);
    assertTrue(i >= 0, order + " is one of the default orders");
    return i;
  }

  private static ConfidentGnmaxAccounting confident() {
    return new ConfidentGnmaxAccounting(200, 150, 40, ORDERS, NoiseKind.DISCRETE);
  }

  /**
   * The released function is, at the release order, exactly the data-dependent RDP the run's
   * accountant summed, bit for bit, for Confident-GNMax over a transcript and for GNMax, at every
   * order where a release is possible.
   */
  @Test
  void releasedRdpIsExactlyWhatTheAccountantSummed() {
    List<Query> run = transcript(120, 1);
    for (QueryAccounting accounting : List.of(confident(),
        new GnmaxAccounting(40, ORDERS, NoiseKind.DISCRETE))) {
      PrivacyAccountant accountant = new PrivacyAccountant(accounting);
      run.forEach(q -> accountant.charge(q.counts(), q.answered()));
      double[] summed = accountant.dataDependentRdp();
      int possible = 0;
      for (double order : new double[] {2, 4, 8, 16, 32, 64}) {
        int i = indexOf(order);
        SmoothSensitivityRelease release = new SmoothSensitivityRelease(
            ReleaseTarget.forRun(accounting, TEACHERS, CLASSES), order);
        if (!release.possible()) {
          continue;
        }
        possible++;
        run.forEach(q -> release.add(q.counts(), q.answered()));
        assertEquals(summed[i], release.rdp(), 0.0, accounting + " order " + ORDERS.get(i));
      }
      assertTrue(possible >= 3, accounting + ": orders with a release " + possible);
    }
  }

  /**
   * End to end: with zero noise, the released RDP is the accountant's sum rounded to the grid,
   * and the released epsilon is that plus the release's own cost, converted.
   */
  @Test
  void zeroNoisePublishesTheAccountantsSumOnTheGrid() {
    ConfidentGnmaxAccounting accounting = confident();
    List<Query> run = transcript(60, 2);
    PrivacyAccountant accountant = new PrivacyAccountant(accounting);
    run.forEach(q -> accountant.charge(q.counts(), q.answered()));
    int i = indexOf(8);
    ReleaseParameters parameters = new ReleaseParameters(8, 0.04, 1.5);
    RunRelease release = new RunRelease(accounting, TEACHERS, CLASSES, parameters);
    assertEquals(List.of(), release.refusal().stream().toList());
    run.forEach(q -> release.add(q.counts(), q.answered()));
    assertEquals(60, release.queries());
    SmoothSensitivityRelease.Release r = release.release(1e-5, Conversion.IMPROVED, s -> 0L);
    double grid = SmoothSensitivityRelease.GRID;
    assertEquals(Math.rint(accountant.dataDependentRdp()[i] / grid) * grid, r.rdpReleased());
    assertEquals(parameters, r.parameters());
    assertEquals(parameters.releaseRdp(), r.releaseRdp());
    assertEquals(RdpConversions.epsilonAtOrder(8, r.rdpReleased() + r.releaseRdp(), 1e-5,
        Conversion.IMPROVED), r.epsilonReleased());
    IllegalStateException twice = assertThrows(IllegalStateException.class,
        () -> release.release(1e-5, Conversion.IMPROVED, s -> 0L));
    assertTrue(twice.getMessage().startsWith("release: already drawn"), twice.getMessage());
    assertThrows(IllegalStateException.class, () -> release.add(run.get(0).counts(), true));
  }

  /** The published record holds the public values and nothing else. */
  @Test
  void thePublishedRecordHoldsOnlyPublicValues() {
    assertEquals(List.of("parameters", "delta", "conversion", "releaseRdp", "rdpReleased",
            "epsilonReleased"),
        Arrays.stream(SmoothSensitivityRelease.Release.class.getRecordComponents())
            .map(RecordComponent::getName).toList());
    assertEquals(List.of("target", "parameters", "refusal", "queries", "add", "release"),
        Arrays.stream(RunRelease.class.getDeclaredMethods())
            .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers()))
            .map(java.lang.reflect.Method::getName).sorted(RunReleaseTest::byApiOrder).toList());
  }

  private static final List<String> API =
      List.of("target", "parameters", "refusal", "queries", "add", "release");

  private static int byApiOrder(String a, String b) {
    return Integer.compare(rank(a), rank(b));
  }

  private static int rank(String name) {
    int i = API.indexOf(name);
    return i < 0 ? API.size() : i;
  }

  @Test
  void lnmaxAndImpossibleReleasesAreRefused() {
    IllegalArgumentException lnmax = assertThrows(IllegalArgumentException.class,
        () -> new RunRelease(new LnmaxAccounting(0.05, ORDERS, NoiseKind.DISCRETE), TEACHERS,
            CLASSES, new ReleaseParameters(8, 0.04, 1.5)));
    assertTrue(lnmax.getMessage().startsWith("accounting: lnmax has no smooth-sensitivity"),
        lnmax.getMessage());
    RunRelease independent = new RunRelease(new GnmaxAccounting(1000, ORDERS, NoiseKind.DISCRETE),
        TEACHERS, CLASSES, new ReleaseParameters(8, 0.04, 1.5));
    String reason = independent.refusal().orElseThrow();
    assertTrue(reason.startsWith("release: nothing is data-dependent"), reason);
    IllegalStateException add = assertThrows(IllegalStateException.class,
        () -> independent.add(new double[CLASSES], true));
    assertEquals(reason, add.getMessage());
  }

  /** The transcript's answers come from the caller; the other accountings refuse them. */
  @Test
  void answersAreTakenOnlyByTheTranscript() {
    double[] counts = transcript(1, 3).get(0).counts();
    SmoothSensitivityRelease actual = new SmoothSensitivityRelease(
        ReleaseTarget.confidentGnmax(TEACHERS, CLASSES, 200, 150, 40, false)
            .withNoise(NoiseKind.DISCRETE), 8);
    assertThrows(IllegalStateException.class, () -> actual.add(counts, true));
    SmoothSensitivityRelease run =
        new SmoothSensitivityRelease(ReleaseTarget.forRun(confident(), TEACHERS, CLASSES), 8);
    assertThrows(IllegalStateException.class, () -> run.add(counts, 1.0));
    assertThrows(IllegalStateException.class, () -> run.queryRdp(counts));
  }
}
