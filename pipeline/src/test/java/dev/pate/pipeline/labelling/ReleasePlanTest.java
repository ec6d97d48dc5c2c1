package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pate.aggregator.planning.ReleasePlanner;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A planned release is the planner's, and is planned once per inputs: a study asks for the same
 * plan for every seed of a setting, and a run in its preflight and again when it starts.
 */
class ReleasePlanTest {
  private static final int CLASSES = 10;

  private static RunConfig config(String... overrides) {
    return ConfigLoader.parse("name: plan\nteachers: {count: 40}\naggregator: {mechanism: gnmax,"
        + " sigma: 8}\nprivacy: {release: smooth-sensitivity, release_teacher_accuracy: 0.9}\n",
        "plan.yaml", List.of(overrides));
  }

  private static ReleasePlan plan(RunConfig c) {
    return ReleasePlan.of(c, c.aggregator(), CLASSES).orElseThrow();
  }

  @Test
  void theParametersAreThePlannersForTheConfig() {
    RunConfig c = config("seed=11");
    var accounting = Mechanisms.of(c.aggregator(), c.privacy()).accounting();
    assertEquals(ReleasePlanner.plan(VoteProfile.fromTeacherAccuracy(0.9, 40, CLASSES),
        ReleaseTarget.forRun(accounting, 40, CLASSES), c.aggregator().queries(),
        c.privacy().delta(), accounting.orders(), Mechanisms.conversion(c.privacy())),
        plan(c).parameters());
  }

  @Test
  void theSamePlanIsMadeOnceWhateverTheSeedAndAnewForOtherInputs() {
    ReleasePlan first = plan(config("seed=1"));
    assertSame(first.parameters(), plan(config("seed=2")).parameters(),
        "another seed, the same inputs: the plan already made");
    assertNotSame(first.parameters(),
        plan(config("seed=1", "privacy.release_teacher_accuracy=0.8")).parameters(),
        "another stated teacher accuracy: planned anew");
    assertNotSame(first.parameters(), plan(config("seed=1", "aggregator.queries=50"))
        .parameters(), "another number of queries: planned anew");
  }
}
