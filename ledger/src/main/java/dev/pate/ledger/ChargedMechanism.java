package dev.pate.ledger;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The mechanism a ledger's charges were computed with, as its header records it: the id and the
 * parameters of a single-label {@link Mechanism} or of a {@link MultiLabelMechanism} (the two
 * sealed types share no supertype, and a ledger must name either). Only a pair that builds one of
 * them is accepted, so a header never names a mechanism pate cannot charge with.
 *
 * @param id the mechanism's id, e.g. {@code gnmax} or {@code tau-voting}
 * @param parameters its parameters by name, in the mechanism's order
 */
public record ChargedMechanism(String id, Map<String, Double> parameters) {

  public ChargedMechanism {
    Objects.requireNonNull(id, "id");
    parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }

  /** A single-label mechanism with its parameters. */
  public static ChargedMechanism of(Mechanism mechanism) {
    return new ChargedMechanism(mechanism.id(), mechanism.parameters());
  }

  /** A multi-label mechanism with its parameters. */
  public static ChargedMechanism of(MultiLabelMechanism mechanism) {
    return new ChargedMechanism(mechanism.id(), mechanism.parameters());
  }

  /**
   * The mechanism {@code id} with exactly {@code parameters}, single-label or multi-label.
   *
   * @throws IllegalArgumentException if no mechanism has that id, or a parameter is missing,
   *     unknown or out of range
   */
  public static ChargedMechanism of(String id, Map<String, Double> parameters) {
    if (Mechanism.Kind.byId(id).isPresent()) {
      return of(Mechanism.of(id, parameters));
    }
    if (MultiLabelMechanism.Kind.byId(id).isPresent()) {
      return of(MultiLabelMechanism.of(id, parameters));
    }
    throw new IllegalArgumentException("mechanism: '" + id + "' is not one of "
        + Mechanism.Kind.ids() + ", " + MultiLabelMechanism.Kind.ids());
  }

  /** Whether it answers label sets ({@link MultiLabelMechanism}) rather than one class. */
  public boolean multiLabel() {
    return MultiLabelMechanism.Kind.byId(id).isPresent();
  }
}
