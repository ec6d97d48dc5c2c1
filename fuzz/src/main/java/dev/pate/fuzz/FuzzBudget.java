package dev.pate.fuzz;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * How many inputs a fuzz property tries, and from which seed. The test suite runs a short budget
 * with a fixed seed, so CI is fast and every failure reproduces; a long campaign raises the budget
 * and may move the seed from the command line, without touching the tests:
 *
 * <pre>
 * mvn -B test -pl aggregator,datasets,config,ledger -am -Dtest='*FuzzTest' -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dpate.fuzz.tries=100000 -Dpate.fuzz.seed=7
 * </pre>
 *
 * <p>Surefire hands {@code -D} properties to the test JVM; this hook reads them before each
 * property of a class annotated with {@code @AddLifecycleHook(FuzzBudget.class)} runs. jqwik's own
 * annotation values cannot do that: they are compile-time constants.
 */
public final class FuzzBudget implements AroundPropertyHook {
  /** System property: tries per property (default {@value #CI_TRIES}). */
  public static final String TRIES = "pate.fuzz.tries";

  /** System property: the seed of every property (default {@value #CI_SEED}). */
  public static final String SEED = "pate.fuzz.seed";

  /** Tries per property in the test suite: about a second per reader. */
  public static final int CI_TRIES = 400;

  /** The suite's seed: any fixed value, so that a failure in CI reproduces on a laptop. */
  public static final String CI_SEED = "20261124";

  @Override
  public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context,
      PropertyExecutor property) {
    context.attributes().setTries(Integer.getInteger(TRIES, CI_TRIES));
    context.attributes().setSeed(System.getProperty(SEED, CI_SEED));
    return property.execute();
  }

  /** Also to the properties of nested groups. */
  @Override
  public PropagationMode propagateTo() {
    return PropagationMode.ALL_DESCENDANTS;
  }

  /** Before jqwik reads the attributes, so that the settings apply to this run of the property. */
  @Override
  public int aroundPropertyProximity() {
    return -100;
  }
}
