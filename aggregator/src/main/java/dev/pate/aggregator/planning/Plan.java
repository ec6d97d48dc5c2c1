package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import java.util.List;
import java.util.Map;

/**
 * The outcome of planning: the least noise meeting a {@link Budget} under the data-independent
 * bound, with what it achieves. Immutable.
 */
public sealed interface Plan permits NoisePlan, ConfidentGnmaxPlan, SubsampledGaussianPlan,
    MultiLabelPlan {

  /**
   * The planned mechanism's id: a PATE {@link dev.pate.aggregator.mechanism.Mechanism.Kind#id()}
   * or {@link SubsampledGaussianPlan#ID}, or a multi-label mechanism's id ({@link MultiLabelPlan}).
   */
  String mechanismId();

  Budget budget();

  /**
   * JSON-ready values (String, Number, Boolean, List, nested Map; every number finite), starting
   * with {@code mechanism, budget, delta, conversion, orders} and, where the plan has one setting
   * (or a recommended one), {@code epsilon} (achieved) and {@code order}; see each plan for the
   * rest.
   */
  Map<String, Object> toMap();

  /** Label / value rows for a two-column table, formatted for people. */
  List<String[]> tableRows();
}
