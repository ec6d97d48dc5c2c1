package dev.pate.cli;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import java.util.List;
import picocli.CommandLine.Option;

/** The accountant's settings shared by {@code analyze} and {@code plan}: delta, orders, conversion. */
final class AccountingOptions {
  @Option(names = "--delta", defaultValue = "1e-5", description = "delta (default ${DEFAULT-VALUE}).")
  double delta;

  @Option(names = "--orders", split = ",", paramLabel = "LIST",
      description = "Comma-separated Renyi orders > 1 (default: the built-in list).")
  List<Double> orders;

  @Option(names = "--conversion", defaultValue = "improved",
      description = "classic or improved (default ${DEFAULT-VALUE}).")
  String conversion;

  /** The delta, checked to be in (0, 1). */
  double delta() {
    return OptionChecks.check("--delta", delta, DpPreconditions::checkDelta);
  }

  Orders orders() {
    if (orders == null) {
      return Orders.defaults();
    }
    if (orders.isEmpty()) {
      throw new UserError("--orders: the list is empty");
    }
    return OptionChecks.parse("--orders",
        () -> Orders.of(orders.stream().mapToDouble(Double::doubleValue).toArray()));
  }

  Conversion conversion() {
    return OptionChecks.parse("--conversion", () -> Conversion.fromId(conversion));
  }
}
