package dev.pate.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * ledger.jsonl: the append-only record of every privacy charge of a run. The first line is a
 * header naming the mechanism, its noise kind and parameters, the orders, and what the guarantee
 * rests on (the most queries the run may ask and its budget); a resumed run must charge with
 * exactly these, see {@link Header#differenceFrom}. Each further line is a {@link LedgerEntry}.
 * Every append is forced to disk before {@link #append} returns, so a crash can lose at most a
 * charge whose answer was never released. Reading checks the hash chain and reports a tampered
 * line or a line cut short by a crash.
 */
public final class Ledger implements AutoCloseable {
  public static final String FILE = "ledger.jsonl";

  /**
   * 3: the header records the most queries and the budget (2 added the noise kind and parameters
   * to version 1's mechanism and orders).
   */
  private static final int VERSION = 3;
  private static final TypeReference<LinkedHashMap<String, Double>> PARAMETERS =
      new TypeReference<>() {};
  private static final TypeReference<LinkedHashMap<String, Object>> BUDGET =
      new TypeReference<>() {};

  /** Package-private, like {@link #withoutHash} and {@link #sha256}: the fuzz test signs lines. */
  static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private final ChainedFile lines;
  private String lastHash;
  private long sequence;

  /**
   * Package-private so that a test can write through a channel that fails like a full disk.
   *
   * @param channel open for appending, positioned after the last complete line
   */
  Ledger(Path file, FileChannel channel, String lastHash, long sequence) throws IOException {
    this.lines = new ChainedFile(file, channel);
    this.lastHash = lastHash;
    this.sequence = sequence;
  }

  private Ledger(ChainedFile lines, String lastHash, long sequence) {
    this.lines = lines;
    this.lastHash = lastHash;
    this.sequence = sequence;
  }

  /**
   * Starts a new ledger (the file must not exist yet) whose header records what every charge will
   * be computed with: the mechanism, its noise kind and parameters, and the orders; and what the
   * guarantee rests on: the most queries and the budget. The folder is forced to disk too, so that
   * the ledger's name survives a crash as surely as its lines. The file is owner-only ({@link
   * dev.pate.files.FileModes}): its data-dependent charges are functions of the private votes.
   */
  public static Ledger create(Path file, PrivacyAccountant accountant) {
    return create(file, accountant, Optional.empty());
  }

  /**
   * As {@link #create(Path, PrivacyAccountant)}, for a run that will also release its
   * data-dependent epsilon with these parameters (the header records them: a resumed run must
   * release as it was to).
   */
  public static Ledger create(Path file, PrivacyAccountant accountant,
      Optional<Map<String, Object>> release) {
    QueryAccounting accounting = accountant.accounting();
    try {
      ChainedFile chained = ChainedFile.create(file);
      ObjectNode header = MAPPER.createObjectNode();
      header.put("ledger", "pate");
      header.put("version", VERSION);
      header.put("mechanism", accounting.mechanismId());
      header.put("noise", accounting.noiseKind().name().toLowerCase(Locale.ROOT));
      header.putPOJO("parameters", accounting.parameters());
      header.putPOJO("orders", accounting.orders().toArray());
      header.put("max_queries", accountant.maxQueries());
      header.putPOJO("budget", accountant.budget().map(Ledger::budget).orElse(null));
      header.putPOJO("release", release.orElse(null));
      ChainedFile.signed(header);
      try {
        chained.write(MAPPER.writeValueAsString(header), 1);
        chained.forceFolder();
      } catch (UserError e) {
        // No charge was made: remove the headless file rather than leave one no run can resume.
        chained.discard();
        throw e;
      }
      return new Ledger(chained, header.get("hash").asText(), 0);
    } catch (IOException e) {
      throw new UserError("cannot create " + file + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, Object> budget(Budget b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("epsilon", b.epsilon());
    m.put("delta", b.delta());
    m.put("conversion", b.conversion().id());
    return m;
  }

  /** Reopens an existing, verified ledger to append after its last charge. */
  public static Ledger resume(Path file, Contents contents) {
    return new Ledger(ChainedFile.append(file), contents.lastHash(), contents.entries().size());
  }

  /** Appends one query's charge and forces it to disk. */
  public LedgerEntry append(int query, boolean answered, int label, double[] spentRdp,
      double[] dataDependentRdp) {
    return append(query, answered, label, spentRdp, dataDependentRdp, null);
  }

  /**
   * Appends the charge of the release of the data-dependent epsilon, with the values it
   * publishes, and forces it to disk: before they are published, as for an answer.
   */
  public LedgerEntry appendRelease(double[] rdp, Map<String, Object> published) {
    return append(LedgerEntry.RELEASE, false, -1, rdp, rdp, Objects.requireNonNull(published));
  }

  private LedgerEntry append(int query, boolean answered, int label, double[] spentRdp,
      double[] dataDependentRdp, Map<String, Object> release) {
    LedgerEntry unsigned = new LedgerEntry(sequence + 1, query, answered, label,
        spentRdp, dataDependentRdp, lastHash, null, release);
    try {
      String hash = hashOf(unsigned);
      LedgerEntry entry = new LedgerEntry(unsigned.sequence(), query, answered, label,
          spentRdp, dataDependentRdp, lastHash, hash, release);
      lines.write(MAPPER.writeValueAsString(entry), sequence + 1);
      lastHash = hash;
      sequence++;
      return entry;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a ledger entry", e);
    }
  }

  @Override
  public void close() {
    lines.close();
  }

  /** A verified ledger: its header, its charges in order, and the hash to chain the next one to. */
  public record Contents(Header header, List<LedgerEntry> entries, String lastHash) {}

  /**
   * What a ledger's charges were computed with, and what its guarantee rests on. A version-1
   * ledger (before noise parameters were recorded) has an empty {@code noise} and {@code
   * parameters}; one before version 3 has an empty {@code maxQueries} (and no budget recorded).
   *
   * @param budget the budget's epsilon, delta and conversion, empty if it had none
   * @param release the parameters of the release of the data-dependent epsilon the run is to
   *     make, empty if none
   */
  public record Header(String mechanism, Optional<String> noise, Map<String, Double> parameters,
      Orders orders, OptionalInt maxQueries, Optional<Map<String, Object>> budget,
      Optional<Map<String, Object>> release) {

    /**
     * The first way the accountant a resumed run would charge with differs from this header, or
     * empty if it charges exactly as the ledger's earlier charges were made and its guarantee
     * rests on the same budget and query count. Only the mechanism and orders can be checked
     * against a version-1 header, and the budget only against a version-3 one.
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
      // Compared: what the release's cost depends on (its numbers), not the prose beside them,
      // which a later version may word otherwise.
      if (maxQueries.isPresent()
          && !releaseNumbers(this.release).equals(releaseNumbers(release))) {
        return Optional.of("it was started to release the data-dependent epsilon with "
            + this.release.orElse(null) + ", the config now asks " + release.orElse(null));
      }
      QueryAccounting accounting = accountant.accounting();
      if (!mechanism.equals(accounting.mechanismId())) {
        return Optional.of("its charges were made by " + mechanism + ", the config now asks "
            + accounting.mechanismId());
      }
      String kind = accounting.noiseKind().name().toLowerCase(Locale.ROOT);
      if (noise.isPresent() && !noise.get().equals(kind)) {
        return Optional.of("its charges were made with " + noise.get() + " noise, now " + kind);
      }
      if (noise.isPresent() && !parameters.equals(accounting.parameters())) {
        return Optional.of("its charges were made with " + parameters + ", the config now gives "
            + accounting.parameters());
      }
      if (!orders.equals(accounting.orders())) {
        return Optional.of("its orders differ from the config's privacy.orders");
      }
      if (maxQueries.isPresent()) {
        Optional<Map<String, Object>> now = accountant.budget().map(Ledger::budget);
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
  }

  /** A release's numeric parameters (order, beta, sigma_ss), as doubles; empty if none. */
  private static Map<String, Double> releaseNumbers(Optional<Map<String, Object>> release) {
    Map<String, Double> numbers = new java.util.TreeMap<>();
    release.ifPresent(r -> r.forEach((key, value) -> {
      if (value instanceof Number n) {
        numbers.put(key, n.doubleValue());
      }
    }));
    return numbers;
  }

  /**
   * Reads and verifies a ledger. A line cut short (no final newline, or not JSON), a line whose
   * hash does not match its content, a broken chain, or a line whose hashes hold but whose content
   * is not a ledger's (the hashes are not keyed: anyone can sign a line) is a one-line error naming
   * the line.
   */
  public static Contents read(Path file) {
    return verify(file, ChainedFile.lines(file, "the run stopped while writing this charge; its"
        + " answer was never released"));
  }

  /**
   * Reads and verifies the complete lines of a ledger, as {@link #read} does, leaving out a last
   * line a crash cut short (no end of line): its answer was never released, so it cost nothing.
   * Reads only; {@link #dropTornLastLine} cuts such a line from the file.
   */
  public static Contents readComplete(Path file) {
    String text = ChainedFile.text(file);
    return verify(file, text.substring(0, text.lastIndexOf('\n') + 1).lines().toList());
  }

  private static Contents verify(Path file, List<String> lines) {
    if (lines.isEmpty()) {
      throw new UserError(file + ": empty, expected a header line");
    }
    int line = 1;
    try {
      Header parsed = header(file, lines.get(0));
      String headerHash = MAPPER.readTree(lines.get(0)).path("hash").asText();
      int orders = parsed.orders().size();
      List<LedgerEntry> entries = new ArrayList<>();
      String previous = headerHash;
      for (int i = 1; i < lines.size(); i++) {
        line = i + 1;
        LedgerEntry e = MAPPER.readValue(lines.get(i), LedgerEntry.class);
        String where = file + " line " + line + ": ";
        if (e == null || !previous.equals(e.previous()) || e.sequence() != i) {
          throw new UserError(where + "does not follow line " + i
              + " (a charge was removed, reordered or inserted)");
        }
        if (e.hash() == null || !e.hash().equals(hashOf(e))) {
          throw new UserError(where + "hash does not match its content (tampered)");
        }
        if (e.spentRdp() == null || e.dataDependentRdp() == null
            || e.spentRdp().length != orders || e.dataDependentRdp().length != orders) {
          throw new UserError(where + "does not have one value per order for each of its "
              + orders + " orders");
        }
        boolean release = e.chargesRelease() && e.query() == LedgerEntry.RELEASE;
        if (!validCosts(e.spentRdp(), release) || !validCosts(e.dataDependentRdp(), release)) {
          throw new UserError(where + (release
              ? "a release's charge that is not a cost >= 0 (or +Infinity, no bound at an order)"
              : "a charge that is not a finite cost >= 0"));
        }
        if ((e.query() < 0 && !release) || (e.chargesRelease() && !release)
            || e.answered() && e.label() < 0) {
          throw new UserError(where + "query " + e.query() + (e.answered() ? " answered"
              + " with label " + e.label() : "") + " is not a charge a run makes");
        }
        entries.add(e);
        previous = e.hash();
      }
      return new Contents(parsed, List.copyOf(entries), previous);
    } catch (JsonProcessingException e) {
      throw new UserError(file + " line " + line + ": not a pate ledger line: "
          + OneLine.of(e.getOriginalMessage()));
    }
  }

  /**
   * The verified header of line 1: a JSON object whose hash matches its content, with the
   * mechanism, the orders (each a finite order > 1) and, where present, well-formed noise
   * parameters, query count and budget.
   */
  private static Header header(Path file, String text) throws JsonProcessingException {
    String where = file + " line 1: ";
    if (!(MAPPER.readTree(text) instanceof ObjectNode header)) {
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
      orders = Orders.of(MAPPER.treeToValue(header.get("orders"), double[].class));
    } catch (IllegalArgumentException | JsonProcessingException e) {
      throw new UserError(where + "orders: " + header.get("orders") + " is not a list of"
          + " orders > 1");
    }
    OptionalInt maxQueries = OptionalInt.empty();
    if (header.has("max_queries")) {
      JsonNode max = header.get("max_queries");
      if (!max.isIntegralNumber() || !max.canConvertToInt() || max.asInt() < 0) {
        throw new UserError(where + "max_queries: " + max + " is not a query count");
      }
      maxQueries = OptionalInt.of(max.asInt());
    }
    Optional<Map<String, Object>> budget = Optional.empty();
    if (header.hasNonNull("budget")) {
      if (!header.get("budget").isObject()) {
        throw new UserError(where + "budget: " + header.get("budget") + " is not a budget");
      }
      budget = Optional.of(MAPPER.convertValue(header.get("budget"), BUDGET));
    }
    Optional<Map<String, Object>> release = Optional.empty();
    if (header.hasNonNull("release")) {
      if (!header.get("release").isObject()) {
        throw new UserError(where + "release: " + header.get("release")
            + " is not a release's parameters");
      }
      release = Optional.of(MAPPER.convertValue(header.get("release"), BUDGET));
    }
    return new Header(header.get("mechanism").asText(),
        header.hasNonNull("noise") ? Optional.of(header.get("noise").asText()) : Optional.empty(),
        parameters(file, header), orders, maxQueries, budget, release);
  }

  /**
   * Whether every cost is a number {@code >= 0} or {@code +Infinity} (a mechanism without a bound
   * at that order, such as a smooth-sensitivity release from {@code 1/(1 - e^{-2 beta})} on: that order is
   * then unusable, as in {@code RdpLedger}).
   */
  /**
   * Costs are RDP values, so {@code >= 0}; every query's charge is finite at every order, but a
   * release by smooth sensitivity has no bound at orders {@code >= 1/(1 - e^{-2 beta})}, recorded as
   * +Infinity.
   */
  private static boolean validCosts(double[] costs, boolean mayBeInfinite) {
    for (double c : costs) {
      if (!(c >= 0) || (!mayBeInfinite && c == Double.POSITIVE_INFINITY)) {
        return false;
      }
    }
    return true;
  }

  /** The header's noise parameters (none in a version-1 ledger). */
  private static Map<String, Double> parameters(Path file, JsonNode header) {
    if (!header.hasNonNull("parameters")) {
      return Map.of();
    }
    try {
      return MAPPER.convertValue(header.get("parameters"), PARAMETERS);
    } catch (IllegalArgumentException e) {
      throw new UserError(file + " line 1: parameters: expected names with numbers, found "
          + header.get("parameters"));
    }
  }

  static String withoutHash(LedgerEntry e) throws JsonProcessingException {
    ObjectNode node = MAPPER.valueToTree(e);
    node.remove("hash");
    return MAPPER.writeValueAsString(node);
  }

  /** The hash {@code e} is signed with: that of its line without its hash. */
  private static String hashOf(LedgerEntry e) {
    return ChainedFile.hashOf(MAPPER.valueToTree(e));
  }

  /**
   * Cuts a final line that a crash left without its end of line, and returns how many bytes were
   * cut (0 if none). Safe: a charge is forced to disk before its answer is released, so the answer
   * of a torn charge was never released and it cost nothing.
   */
  public static int dropTornLastLine(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      byte[] bytes = Files.readAllBytes(file);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      if (end < bytes.length) {
        channel.truncate(end);
        channel.force(true);
      }
      return bytes.length - end;
    } catch (IOException e) {
      throw new UserError("cannot repair " + file + ": " + e.getMessage(), e);
    }
  }
}
