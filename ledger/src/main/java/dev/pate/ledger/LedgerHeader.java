package dev.pate.ledger;

import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Line 1 of a ledger: what its charges were computed with, and what its guarantee rests on. The
 * mechanism (single-label or multi-label, {@link ChargedMechanism}) is written as its id and its
 * parameters ({@code "mechanism": "gnmax", "parameters": {"sigma": 40.0}}, or {@code
 * "mechanism": "tau-voting", "parameters": {"labels": 10.0, "tau": 1.5, ...}}), so headers written before the mechanism was typed (versions 2
 * and 3) read as they are. A version-1 header, which recorded no noise parameters, is refused: the
 * charges after it could not be checked against the noise of a resumed run.
 *
 * @param mechanism the mechanism and its parameters
 * @param noise the noise the charges assume (runs draw discrete noise)
 * @param orders the Renyi orders of every charge
 * @param maxQueries the most queries the run may ask; empty before version 3
 * @param budget the budget's epsilon, delta and conversion, empty if it had none (or before
 *     version 3)
 * @param release the parameters of the release of the data-dependent epsilon the run is to make,
 *     empty if none
 * @param groups the privacy groups of a run with per-record budgets (method, and per group its
 *     name, budget and sensitivity multiplier), empty for a run without; {@code mechanism} is then
 *     the accounting of a record of multiplier 1
 */
public record LedgerHeader(ChargedMechanism mechanism, NoiseKind noise, Orders orders,
    OptionalInt maxQueries, Optional<Map<String, Object>> budget,
    Optional<Map<String, Object>> release, Optional<LedgerGroups> groups) {

  private static final TypeReference<LinkedHashMap<String, Double>> PARAMETERS =
      new TypeReference<>() {};
  private static final TypeReference<LinkedHashMap<String, Object>> OBJECT =
      new TypeReference<>() {};

  public LedgerHeader {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(noise, "noise");
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(maxQueries, "maxQueries");
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(release, "release");
    Objects.requireNonNull(groups, "groups");
  }

  /** The header of a run without privacy groups. */
  public LedgerHeader(ChargedMechanism mechanism, NoiseKind noise, Orders orders,
      OptionalInt maxQueries, Optional<Map<String, Object>> budget,
      Optional<Map<String, Object>> release) {
    this(mechanism, noise, orders, maxQueries, budget, release, Optional.empty());
  }

  /**
   * The header of a new ledger charged by {@code accountant}: its mechanism (the typed form of its
   * accounting's id and parameters), noise kind, orders, most queries and budget.
   *
   * @throws IllegalArgumentException if the accounting is not that of a mechanism ({@link
   *     ChargedMechanism#of(String, Map)})
   */
  public static LedgerHeader of(PrivacyAccountant accountant,
      Optional<Map<String, Object>> release) {
    return of(RunAccountant.of(accountant), release);
  }

  /**
   * As {@link #of(PrivacyAccountant, Optional)} for any run's accountant: with privacy groups,
   * the mechanism at multiplier 1 and the groups.
   */
  public static LedgerHeader of(RunAccountant accountant,
      Optional<Map<String, Object>> release) {
    QueryAccounting accounting = accountant.accounting();
    return new LedgerHeader(mechanismOf(accounting), accounting.noiseKind(),
        accounting.orders(), OptionalInt.of(accountant.maxQueries()),
        accountant.budget().map(LedgerHeader::budget), release, accountant.groups());
  }

  /** The mechanism whose accounting this is, rebuilt from the id and parameters it states. */
  private static ChargedMechanism mechanismOf(QueryAccounting accounting) {
    return ChargedMechanism.of(accounting.mechanismId(), accounting.parameters());
  }

  /**
   * The first way the accountant a resumed run would charge with differs from this header, or
   * empty if it charges exactly as the ledger's earlier charges were made and its guarantee rests
   * on the same budget and query count. The budget is checked only against a version-3 header.
   */
  public Optional<String> differenceFrom(PrivacyAccountant accountant) {
    return differenceFrom(accountant, Optional.empty());
  }

  /**
   * As {@link #differenceFrom(PrivacyAccountant)}, for a run that is to release its
   * data-dependent epsilon with {@code release} (its parameters) or not at all.
   */
  public Optional<String> differenceFrom(PrivacyAccountant accountant,
      Optional<Map<String, Object>> release) {
    return differenceFrom(RunAccountant.of(accountant), release);
  }

  /**
   * As {@link #differenceFrom(PrivacyAccountant, Optional)} for any run's accountant: with privacy
   * groups, also the method and every group's name, budget and multiplier (a group's charges are
   * its multiplier squared times the base ones, so another multiplier would charge it otherwise,
   * and another budget would filter it otherwise).
   */
  public Optional<String> differenceFrom(RunAccountant accountant,
      Optional<Map<String, Object>> release) {
    // Compared: what the release's cost depends on (its numbers), not the prose beside them,
    // which a later version may word otherwise.
    if (maxQueries.isPresent()
        && !releaseNumbers(this.release).equals(releaseNumbers(release))) {
      return Optional.of("it was started to release the data-dependent epsilon with "
          + this.release.orElse(null) + ", the config now asks " + release.orElse(null));
    }
    if (!groups.equals(accountant.groups())) {
      return Optional.of("its charges were made for the privacy groups "
          + groups.map(LedgerGroups::toMap).orElse(null) + ", the config now gives "
          + accountant.groups().map(LedgerGroups::toMap).orElse(null));
    }
    QueryAccounting accounting = accountant.accounting();
    if (!mechanism.id().equals(accounting.mechanismId())) {
      return Optional.of("its charges were made by " + mechanism.id() + ", the config now asks "
          + accounting.mechanismId());
    }
    if (noise != accounting.noiseKind()) {
      return Optional.of("its charges were made with " + name(noise) + " noise, now "
          + name(accounting.noiseKind()));
    }
    if (!mechanism.parameters().equals(accounting.parameters())) {
      return Optional.of("its charges were made with " + mechanism.parameters()
          + ", the config now gives " + accounting.parameters());
    }
    if (!orders.equals(accounting.orders())) {
      return Optional.of("its orders differ from the config's privacy.orders");
    }
    if (maxQueries.isPresent()) {
      Optional<Map<String, Object>> now = accountant.budget().map(LedgerHeader::budget);
      if (!budget.equals(now)) {
        return Optional.of("its charges were made under the budget " + budget.orElse(null)
            + ", the config now gives " + now.orElse(null));
      }
      if (maxQueries.getAsInt() != accountant.maxQueries()) {
        return Optional.of("it was started for at most " + maxQueries.getAsInt()
            + " queries, the config now allows " + accountant.maxQueries());
      }
    }
    return Optional.empty();
  }

  /** The unsigned JSON of this header, as line 1 of a ledger of format {@code version}. */
  ObjectNode toJson(int version) {
    ObjectNode header = Ledger.MAPPER.createObjectNode();
    header.put("ledger", "pate");
    header.put("version", version);
    header.put("mechanism", mechanism.id());
    header.put("noise", name(noise));
    header.putPOJO("parameters", mechanism.parameters());
    header.putPOJO("orders", orders.toArray());
    if (maxQueries.isPresent()) {
      header.put("max_queries", maxQueries.getAsInt());
    }
    header.putPOJO("budget", budget.orElse(null));
    header.putPOJO("release", release.orElse(null));
    // Written only for a run with groups, so the headers of other runs hash as they did.
    groups.ifPresent(g -> header.putPOJO("groups", g.toMap()));
    return header;
  }

  /**
   * The verified header of line 1: a JSON object whose hash matches its content, with a mechanism
   * and its noise parameters, the noise kind, the orders (each a finite order > 1) and, where
   * present, a well-formed query count and budget.
   *
   * @throws UserError naming the file and line 1
   */
  static LedgerHeader parse(Path file, String text) throws JsonProcessingException {
    String where = file + " line 1: ";
    if (!(Ledger.MAPPER.readTree(text) instanceof ObjectNode header)) {
      throw new UserError(where + "not a ledger header (expected a JSON object)");
    }
    if (!header.path("hash").asText().equals(ChainedFile.hashOf(header))) {
      throw new UserError(where + "header hash does not match its content (tampered)");
    }
    if (!header.path("mechanism").isTextual()) {
      throw new UserError(where + "the header names no mechanism");
    }
    Orders orders;
    try {
      if (!header.path("orders").isArray()) {
        throw new IllegalArgumentException("not a list of orders");
      }
      orders = Orders.of(Ledger.MAPPER.treeToValue(header.get("orders"), double[].class));
    } catch (IllegalArgumentException | JsonProcessingException e) {
      throw new UserError(where + "orders: " + header.get("orders") + " is not a list of"
          + " orders > 1");
    }
    if (!header.hasNonNull("parameters") || !header.hasNonNull("noise")) {
      throw new UserError(where + "a version-1 ledger, which records no noise parameters;"
          + " its charges cannot be checked by this pate (start a new run)");
    }
    Map<String, Double> parameters;
    try {
      parameters = Ledger.MAPPER.convertValue(header.get("parameters"), PARAMETERS);
    } catch (IllegalArgumentException e) {
      throw new UserError(where + "parameters: expected names with numbers, found "
          + header.get("parameters"));
    }
    ChargedMechanism mechanism;
    try {
      mechanism = ChargedMechanism.of(header.get("mechanism").asText(), parameters);
    } catch (IllegalArgumentException e) {
      throw new UserError(where + "not a mechanism pate knows: " + e.getMessage());
    }
    NoiseKind noise = noiseKind(where, header.get("noise"));
    OptionalInt maxQueries = OptionalInt.empty();
    if (header.has("max_queries")) {
      JsonNode max = header.get("max_queries");
      if (!max.isIntegralNumber() || !max.canConvertToInt() || max.asInt() < 0) {
        throw new UserError(where + "max_queries: " + max + " is not a query count");
      }
      maxQueries = OptionalInt.of(max.asInt());
    }
    return new LedgerHeader(mechanism, noise, orders, maxQueries,
        object(where, header, "budget", "a budget"),
        object(where, header, "release", "a release's parameters"),
        groups(where, header));
  }

  /** The privacy groups under {@code groups}, empty if absent. */
  private static Optional<LedgerGroups> groups(String where, ObjectNode header) {
    if (!header.has("groups")) {
      return Optional.empty();
    }
    JsonNode node = header.get("groups");
    String expected = where + "groups: expected {\"method\": ..., \"groups\": [{\"name\", "
        + "\"epsilon\", \"delta\", \"conversion\", \"multiplier\"}, ...]}, found ";
    if (!node.path("method").isTextual() || !node.path("groups").isArray()) {
      throw new UserError(expected + OneLine.of(node.toString()));
    }
    java.util.List<LedgerGroups.Group> groups = new java.util.ArrayList<>();
    for (JsonNode g : node.get("groups")) {
      if (!g.path("name").isTextual() || !g.path("epsilon").isNumber()
          || !g.path("delta").isNumber() || !g.path("conversion").isTextual()
          || !g.path("multiplier").isIntegralNumber() || !g.path("multiplier").canConvertToInt()) {
        throw new UserError(expected + OneLine.of(g.toString()));
      }
      try {
        groups.add(new LedgerGroups.Group(g.get("name").asText(), g.get("epsilon").asDouble(),
            g.get("delta").asDouble(), g.get("conversion").asText(),
            g.get("multiplier").asInt()));
      } catch (IllegalArgumentException e) {
        throw new UserError(where + "groups: " + OneLine.of(e.getMessage()));
      }
    }
    try {
      return Optional.of(new LedgerGroups(node.get("method").asText(), groups));
    } catch (IllegalArgumentException e) {
      throw new UserError(where + "groups: " + OneLine.of(e.getMessage()));
    }
  }

  private static NoiseKind noiseKind(String where, JsonNode noise) {
    for (NoiseKind kind : NoiseKind.values()) {
      if (name(kind).equals(noise.asText())) {
        return kind;
      }
    }
    throw new UserError(where + "noise: " + noise + " is not discrete or continuous");
  }

  /** The JSON object under {@code key}, empty if absent or null. */
  private static Optional<Map<String, Object>> object(String where, ObjectNode header, String key,
      String expected) {
    if (!header.hasNonNull(key)) {
      return Optional.empty();
    }
    if (!header.get(key).isObject()) {
      throw new UserError(where + key + ": " + header.get(key) + " is not " + expected);
    }
    return Optional.of(Ledger.MAPPER.convertValue(header.get(key), OBJECT));
  }

  private static String name(NoiseKind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  static Map<String, Object> budget(Budget b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("epsilon", b.epsilon());
    m.put("delta", b.delta());
    m.put("conversion", b.conversion().id());
    return m;
  }

  /** A release's numeric parameters (order, beta, sigma_ss), as doubles; empty if none. */
  private static Map<String, Double> releaseNumbers(Optional<Map<String, Object>> release) {
    Map<String, Double> numbers = new TreeMap<>();
    release.ifPresent(r -> r.forEach((key, value) -> {
      if (value instanceof Number n) {
        numbers.put(key, n.doubleValue());
      }
    }));
    return numbers;
  }
}
