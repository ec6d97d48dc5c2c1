package dev.pate.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.OneLine;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The budget of one private data set, shared by every run and study point over it: the data
 * owner's promise ("at most epsilon 4 on these records, by anyone, in any number of runs") kept by
 * a file, {@code <dir>/<content sha256>.jsonl}. Line 1 declares the total (epsilon, delta, the
 * orders and the conversion); every further line is a charge, hash-chained and forced to disk as
 * in a run's ledger ({@link ChainedFile}):
 *
 * <ul>
 *   <li>{@code reserve}: a run, before its teachers train, holds its worst case (its
 *       data-independent guarantee's RDP curve, a release's reserve included); refused if it does
 *       not fit beside what is committed;
 *   <li>{@code settle}: at its end, the run's reservation becomes its guarantee;
 *   <li>{@code release}: a reservation dropped by hand ({@code pate budget release-reservation}),
 *       with the reason, for a run that will never resume.
 * </ul>
 *
 * <p>Committed = every settled charge plus every open reservation, added order by order; it fits
 * when its epsilon at the budget's delta and conversion, minimised over the orders, is at most the
 * budget's epsilon. Each read-check-append holds an exclusive lock on {@code <file>.lock}
 * ({@link FileChannel#lock}), so concurrent processes never both take the last of the budget.
 */
public final class DatasetBudget {
  public static final String FORMAT = "pate-dataset-budget";
  private static final int VERSION = 1;
  /**
   * FileChannel.lock excludes other processes only (a second lock from this JVM throws), so
   * threads of one JVM take this first.
   */
  private static final Object JVM_LOCK = new Object();

  /** What a line of the ledger does. */
  public enum Kind {
    RESERVE, SETTLE, RELEASE;

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One charge line.
   *
   * @param line its line number in the file
   * @param run the run it is for (its folder)
   * @param rdp the RDP curve on the budget's orders ({@code +inf}: no bound at that order); zeros
   *     for a release
   * @param at when it was written (UTC)
   * @param note why, for a release; null otherwise
   */
  public record Charge(int line, Kind kind, String run, double[] rdp, String at, String note) {}

  /**
   * The verified ledger.
   *
   * @param budgetId a random name given at {@code init}: names the budget in what is published,
   *     where the data's content hash must not appear
   * @param open the runs holding a reservation, with it
   * @param committed the settled charges plus the open reservations, order by order
   */
  public record State(Path file, String budgetId, String dataSha256, Budget total,
      List<Charge> charges, Map<String, double[]> open, double[] committed, String lastHash) {

    /** The committed epsilon (0 before any charge). */
    public double committedEpsilon() {
      return epsilonOf(committed);
    }

    /** The committed epsilon if {@code extra} were committed too ({@code +inf}: no order fits). */
    public double epsilonWith(double[] extra) {
      double[] sum = committed.clone();
      for (int i = 0; i < sum.length; i++) {
        sum[i] += extra[i];
      }
      return epsilonOf(sum);
    }

    /** The budget's epsilon minus the committed epsilon, never below 0. */
    public double remaining() {
      return Math.max(0, total.epsilon() - committedEpsilon());
    }

    /** The epsilon of a curve alone at the budget's delta and conversion. */
    public double epsilonOf(double[] rdp) {
      if (java.util.Arrays.stream(rdp).allMatch(v -> v == 0)) {
        return 0; // nothing charged: the classic conversion would still give log(1/delta)/alpha
      }
      try {
        return RdpConversions.epsilon(total.orders(), rdp, total.delta(), total.conversion())
            .epsilon();
      } catch (IllegalArgumentException noFiniteOrder) {
        return Double.POSITIVE_INFINITY;
      }
    }

    /**
     * The remaining epsilon as it was before {@code run} reserved: its open reservation taken
     * out (for a resumed run, which holds one from its first start).
     */
    public double remainingWithout(String run) {
      double[] without = committed.clone();
      double[] held = open.getOrDefault(run, new double[committed.length]);
      for (int i = 0; i < without.length; i++) {
        without[i] = Math.max(0, without[i] - held[i]);
      }
      return Math.max(0, total.epsilon() - epsilonOf(without));
    }

    /** Whether {@code run} has settled (it holds no reservation then, unless it reserved again). */
    public boolean settled(String run) {
      return charges.stream().anyMatch(c -> c.kind() == Kind.SETTLE && c.run().equals(run));
    }

    /** How many runs have settled. */
    public long settledRuns() {
      return charges.stream().filter(c -> c.kind() == Kind.SETTLE).count();
    }
  }

  /**
   * A granted reservation.
   *
   * @param reused whether the run held it already, or had settled (a resumed run, which reserves
   *     nothing more)
   * @param asked the reservation's epsilon alone
   */
  public record Reservation(State before, State after, boolean reused, double asked) {}

  private final Path file;

  private DatasetBudget(Path file) {
    this.file = file;
  }

  /** The file of the budget of the data whose content hash is {@code dataSha256}. */
  public static Path file(Path dir, String dataSha256) {
    return dir.resolve(dataSha256 + ".jsonl");
  }

  /** The budget of this data in {@code dir}, if one was declared. */
  public static Optional<DatasetBudget> find(Path dir, String dataSha256) {
    Path file = file(dir, dataSha256);
    return Files.exists(file) ? Optional.of(new DatasetBudget(file)) : Optional.empty();
  }

  /** The budget of this data in {@code dir}; a one-line error if none was declared. */
  public static DatasetBudget of(Path dir, String dataSha256) {
    return find(dir, dataSha256).orElseThrow(() -> new UserError(file(dir, dataSha256)
        + ": no budget was declared for this data (pate budget init)"));
  }

  /**
   * Declares the budget of the data whose content hash is {@code dataSha256}, once: a data set
   * that has a budget keeps it (its charges would mean nothing under another total).
   */
  public static DatasetBudget init(Path dir, String dataSha256, Budget total) {
    Path file = file(dir, dataSha256);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UserError("cannot create " + dir + ": " + e.getMessage(), e);
    }
    DatasetBudget budget = new DatasetBudget(file);
    return budget.locked(() -> {
      if (Files.exists(file)) {
        throw new UserError(file + ": this data set has a budget already (pate budget"
            + " show); it cannot be declared again");
      }
      ObjectNode header = Ledger.MAPPER.createObjectNode();
      header.put("ledger", FORMAT);
      header.put("version", VERSION);
      header.put("data_sha256", dataSha256);
      header.put("budget_id", UUID.randomUUID().toString());
      header.put("epsilon", total.epsilon());
      header.put("delta", total.delta());
      header.put("conversion", total.conversion().id());
      header.putPOJO("orders", total.orders().toArray());
      header.put("created", Instant.now().toString());
      try {
        ChainedFile lines = ChainedFile.create(file);
        try (lines) {
          lines.write(json(ChainedFile.signed(header)), 1);
          lines.forceFolder();
        } catch (UserError e) {
          lines.discard();
          throw e;
        }
      } catch (IOException e) {
        throw new UserError("cannot create " + file + ": " + e.getMessage(), e);
      }
      return budget;
    });
  }

  public Path file() {
    return file;
  }

  /** The verified ledger, read under the lock (a last line a crash cut short is left out). */
  public State read() {
    return locked(() -> verify(file, completeLines()));
  }

  /**
   * Reserves {@code rdp} (on the budget's orders) for {@code run}, or returns the reservation the
   * run holds already (a resumed run).
   *
   * @throws BudgetRefusal if it does not fit beside what is committed
   */
  public Reservation reserve(String run, double[] rdp) {
    return locked(() -> {
      State before = current();
      requireLength(before, rdp);
      if (before.open().containsKey(run) || before.settled(run)) {
        // Resumed: it holds its reservation, or it settled and was stopped before its report.
        return new Reservation(before, before, true,
            before.epsilonOf(before.open().getOrDefault(run, rdp)));
      }
      double asked = before.epsilonOf(rdp);
      double with = before.epsilonWith(rdp);
      if (!(with <= before.total().epsilon())) {
        throw new BudgetRefusal(String.format(Locale.ROOT, "%s: refused: this run's worst case"
            + " (epsilon %s alone) does not fit: committed %s + it = %s > budget %s at delta %s;"
            + " remaining %s (%d runs settled, %d reservations open)", file, text(asked),
            text(before.committedEpsilon()), text(with), text(before.total().epsilon()),
            before.total().delta(), text(before.remaining()), before.settledRuns(),
            before.open().size()));
      }
      State after = append(before, Kind.RESERVE, run, rdp, null);
      return new Reservation(before, after, false, asked);
    });
  }

  /**
   * Replaces {@code run}'s reservation with its guarantee ({@code rdp}, on the budget's orders).
   */
  public State settle(String run, double[] rdp) {
    return locked(() -> {
      State before = current();
      requireLength(before, rdp);
      requireOpen(before, run);
      double[] held = before.open().get(run);
      for (int i = 0; i < rdp.length; i++) {
        // A run never spends more than its worst case; if it did, its reservation was wrong.
        if (rdp[i] > held[i] * (1 + 1e-9)) {
          throw new IllegalStateException("settle: " + run + " spent " + rdp[i] + " at order "
              + before.total().orders().get(i) + ", more than it reserved (" + held[i] + ")");
        }
      }
      return append(before, Kind.SETTLE, run, rdp, null);
    });
  }

  /** Drops {@code run}'s reservation, recording {@code why}: for a run that will never resume. */
  public State releaseReservation(String run, String why) {
    return locked(() -> {
      State before = current();
      requireOpen(before, run);
      return append(before, Kind.RELEASE, run, new double[before.total().orders().size()], why);
    });
  }

  /**
   * {@code curve} on {@code from}'s orders moved to {@code to}'s: its value at each order both
   * have, {@code +inf} (no bound known) at the others. Curves compose at shared orders only.
   */
  public static double[] onOrders(Orders from, double[] curve, Orders to) {
    double[] out = new double[to.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Double.POSITIVE_INFINITY;
      for (int j = 0; j < from.size(); j++) {
        if (from.get(j) == to.get(i)) {
          out[i] = curve[j];
        }
      }
    }
    return out;
  }

  /** An epsilon as reports give it: four decimals. */
  public static String text(double epsilon) {
    return Double.isInfinite(epsilon) ? "infinity" : String.format(Locale.ROOT, "%.4f", epsilon);
  }

  private void requireOpen(State state, String run) {
    if (!state.open().containsKey(run)) {
      throw new UserError(file + ": run " + run + " holds no reservation (runs holding one: "
          + (state.open().isEmpty() ? "none" : String.join(", ", state.open().keySet())) + ")");
    }
  }

  private static void requireLength(State state, double[] rdp) {
    if (rdp.length != state.total().orders().size()) {
      throw new IllegalArgumentException("rdp: " + rdp.length + " values for the budget's "
          + state.total().orders().size() + " orders");
    }
  }

  /** The state to append to: a last line a crash cut short is cut first (it reserved nothing). */
  private State current() {
    ChainedFile.dropTornLastLine(file);
    return verify(file, ChainedFile.lines(file, "cut short"));
  }

  private List<String> completeLines() {
    String text = ChainedFile.text(file);
    return text.substring(0, text.lastIndexOf('\n') + 1).lines().toList();
  }

  private State append(State before, Kind kind, String run, double[] rdp, String note) {
    ObjectNode line = Ledger.MAPPER.createObjectNode();
    int number = before.charges().size() + 2;
    line.put("sequence", number - 1);
    line.put("kind", kind.id());
    line.put("run", run);
    line.putPOJO("rdp", rdp.clone());
    line.put("at", Instant.now().toString());
    if (note != null) {
      line.put("note", note);
    }
    line.put("previous", before.lastHash());
    try (ChainedFile lines = ChainedFile.append(file)) {
      lines.write(json(ChainedFile.signed(line)), number);
    }
    return verify(file, ChainedFile.lines(file, "cut short"));
  }

  /** Runs {@code body} holding this JVM's lock and the exclusive lock of the lock file. */
  private <T> T locked(java.util.function.Supplier<T> body) {
    Path lock = file.resolveSibling(file.getFileName() + ".lock");
    synchronized (JVM_LOCK) {
      try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE,
          StandardOpenOption.WRITE); FileLock held = channel.lock()) {
        return body.get();
      } catch (IOException e) {
        throw new UserError("cannot lock " + lock + ": " + e.getMessage(), e);
      }
    }
  }

  private static String json(ObjectNode node) {
    try {
      return Ledger.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a budget line", e);
    }
  }

  /**
   * Verifies every line: the header's and each charge's hash, the chain, and that each charge is
   * one a run makes (a settlement or release of an open reservation, one reservation per run at a
   * time, one finite cost {@code >= 0} or {@code +inf} per order). A one-line error names the line.
   */
  private static State verify(Path file, List<String> lines) {
    if (lines.isEmpty()) {
      throw new UserError(file + " line 1: empty, expected a budget header");
    }
    int number = 1;
    try {
      JsonNode header = Ledger.MAPPER.readTree(lines.get(0));
      String where = file + " line 1: ";
      if (!(header instanceof ObjectNode) || !FORMAT.equals(header.path("ledger").asText())) {
        throw new UserError(where + "not a data set's budget (expected a JSON object with"
            + " \"ledger\": \"" + FORMAT + "\")");
      }
      requireSigned(where, header);
      Budget total = total(where, header);
      String previous = header.get("hash").asText();
      List<Charge> charges = new ArrayList<>();
      Map<String, double[]> open = new LinkedHashMap<>();
      double[] committed = new double[total.orders().size()];
      for (int i = 1; i < lines.size(); i++) {
        number = i + 1;
        where = file + " line " + number + ": ";
        JsonNode line = Ledger.MAPPER.readTree(lines.get(i));
        if (!(line instanceof ObjectNode) || !previous.equals(line.path("previous").asText())
            || line.path("sequence").asLong() != i) {
          throw new UserError(where + "does not follow line " + i
              + " (a charge was removed, reordered or inserted)");
        }
        requireSigned(where, line);
        Charge charge = charge(where, number, line, total.orders().size());
        switch (charge.kind()) {
          case RESERVE -> {
            if (open.containsKey(charge.run())) {
              throw new UserError(where + "a second reservation for " + charge.run()
                  + " while its first is open");
            }
            open.put(charge.run(), charge.rdp());
          }
          case SETTLE, RELEASE -> {
            if (open.remove(charge.run()) == null) {
              throw new UserError(where + "a " + charge.kind().id() + " for "
                  + charge.run() + ", which holds no reservation");
            }
            add(committed, charge.rdp());
          }
        }
        charges.add(charge);
        previous = line.get("hash").asText();
      }
      // Committed: the settled charges (added above) and the reservations still open.
      open.values().forEach(held -> add(committed, held));
      return new State(file, header.path("budget_id").asText(),
          header.path("data_sha256").asText(), total, List.copyOf(charges), open, committed,
          previous);
    } catch (JsonProcessingException e) {
      throw new UserError(file + " line " + number + ": not a budget line: "
          + OneLine.of(e.getOriginalMessage()));
    }
  }

  private static void add(double[] sum, double[] curve) {
    for (int i = 0; i < sum.length; i++) {
      sum[i] += curve[i];
    }
  }

  private static void requireSigned(String where, JsonNode line) {
    if (!line.path("hash").isTextual()
        || !line.get("hash").asText().equals(ChainedFile.hashOf((ObjectNode) line))) {
      throw new UserError(where + "hash does not match its content (tampered)");
    }
  }

  private static Budget total(String where, JsonNode header) {
    try {
      Orders orders = Orders.of(Ledger.MAPPER.treeToValue(header.get("orders"), double[].class));
      return new Budget(header.path("epsilon").asDouble(Double.NaN),
          header.path("delta").asDouble(Double.NaN),
          Conversion.fromId(header.path("conversion").asText()), orders);
    } catch (IllegalArgumentException | JsonProcessingException | NullPointerException e) {
      throw new UserError(where + "not a budget's epsilon, delta, conversion and orders ("
          + OneLine.of(e) + ")");
    }
  }

  private static Charge charge(String where, int number, JsonNode line, int orders)
      throws JsonProcessingException {
    Kind kind = parse(line.path("kind").asText(), Kind::valueOf);
    if (kind == null || !line.path("run").isTextual()) {
      throw new UserError(where + "not a reserve, settle or release for a run");
    }
    double[] rdp = line.path("rdp").isArray()
        ? Ledger.MAPPER.treeToValue(line.get("rdp"), double[].class) : null;
    if (rdp == null || rdp.length != orders
        || java.util.Arrays.stream(rdp).anyMatch(v -> !(v >= 0))) {
      throw new UserError(where + "rdp: expected one cost >= 0 (or +Infinity) for each of"
          + " the budget's " + orders + " orders");
    }
    return new Charge(number, kind, line.get("run").asText(), rdp, line.path("at").asText(),
        line.hasNonNull("note") ? line.get("note").asText() : null);
  }

  private static <T> T parse(String id, Function<String, T> valueOf) {
    try {
      return valueOf.apply(id.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
