package dev.pate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.config.ConfigLoader;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.ledger.CrossRunComposition;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.multilabel.MultiLabelManifest;
import dev.pate.pipeline.multilabel.MultiLabelRun;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.NumberText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pate ledger [DIR]}: the privacy charges of every run and study point under a runs folder,
 * composed. Each run accounts alone, but teachers (and their votes) are shared across runs through
 * the cache: releasing the results of several runs over the same private data releases all their
 * answers, whose guarantees add up (RDP composes by addition at each order). This sums them per
 * private data set and per teacher ensemble (a teacher-cache entry), from the runs' own ledgers and
 * configs, unfinished runs included (their answers were released as they were charged), multi-label
 * runs too (replayed with their multi-label accountant; a run over canvases counts against MNIST's
 * training set, whose digits its canvases are made of).
 *
 * <p>A private data set is its content ({@link PrivateContent}), not its file name: the same records
 * under another name are the same people, so their runs add up. Runs with seeded noise have no
 * guarantee (anyone with the config can replay the noise): they are shown apart, marked, and never
 * added to a guarantee.
 */
@Command(name = "ledger", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Sum the privacy guarantees of every run and study point under a runs folder,"
        + " per private data set (by content: the same records under another file name add up)"
        + " and per teacher ensemble: releasing results of several runs over the same private"
        + " data composes their charges. Runs with seeded noise are shown apart: no guarantee."},
    footerHeading = HelpExamples.HEADING,
    footer = {"  pate ledger runs --delta 1e-5"})
final class LedgerCommand implements Callable<Integer> {
  static final String SEEDED = "seeded: no guarantee";

  private static final String SEEDED_NOTE = SEEDED + " (anyone with the config can replay the"
      + " noise); composed apart from the guarantee, as if the noise had been secret";

  @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
      description = "The runs folder (default: runs).")
  Path dir = Path.of("runs");

  @Mixin
  AccountingOptions accounting;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  /**
   * One run's contribution: its guarantee as an RDP curve, which private data and teachers it
   * used, and whether its noise was seeded.
   */
  record RunCharges(String folder, String ensemble, PrivateContent data, boolean seeded,
      String mechanism, long asked, long answered, boolean finished, String basis,
      CrossRunComposition.RunCurves curves) {}

  /**
   * The runs over one private data set.
   *
   * @param names every name the data was read under, in these runs
   */
  record DataSet(String sha256, String shortHash, Set<String> names, List<RunCharges> runs) {

    /** The runs whose noise was seeded, or those whose noise was secure. */
    List<RunCharges> runs(boolean seeded) {
      return runs.stream().filter(r -> r.seeded() == seeded).toList();
    }
  }

  @Override
  public Integer call() {
    if (!Files.isDirectory(dir)) {
      throw new UserError(dir + ": not a folder (give the runs folder, e.g. runs)");
    }
    if (accounting.orders != null) {
      throw new UserError("--orders: each run is replayed over its own orders; the composition"
          + " uses the orders they share");
    }
    List<RunCharges> runs = find();
    if (runs.isEmpty()) {
      System.out.println("pate ledger: no run ledgers under " + dir);
      return 0;
    }
    Map<String, DataSet> byContent = new TreeMap<>();
    for (RunCharges run : runs) {
      PrivateContent data = run.data();
      DataSet set = byContent.computeIfAbsent(data.sha256(), h -> new DataSet(h,
          data.shortHash(), new TreeSet<>(), new ArrayList<>()));
      set.names().addAll(data.names());
      set.runs().add(run);
    }
    if (json) {
      System.out.print(Json.write(asMap(byContent.values())));
    } else {
      print(byContent.values());
    }
    return 0;
  }

  private List<RunCharges> find() {
    List<Path> ledgers;
    try (Stream<Path> files = Files.walk(dir)) {
      ledgers = files.filter(p -> p.getFileName().toString().equals(Ledger.FILE))
          .filter(p -> !dir.relativize(p).startsWith("cache"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UserError("cannot read " + dir + ": " + e.getMessage(), e);
    }
    List<RunCharges> runs = new ArrayList<>();
    for (Path ledger : ledgers) {
      runs.add(charges(ledger.getParent()));
    }
    return runs;
  }

  private RunCharges charges(Path folder) {
    RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
    boolean multiLabel = config.multiLabel().enabled();
    // Each run is replayed with the accountant it charged with: a multi-label run's is its
    // multi-label mechanism's, which the single-label replay cannot rebuild.
    PrivacyAccountant accountant = multiLabel ? MultiLabelRun.replay(folder, config)
        : LedgerReplay.of(folder, config);
    // Both kinds of run write it there: a multi-label run's is a MultiLabelManifest.
    Path manifestFile = folder.resolve("teachers/manifest.json");
    if (multiLabel && !Files.exists(manifestFile)) {
      // Never left out of a total silently: a charge that cannot be attributed stops the ledger.
      throw new UserError(folder + ": a multi-label run without " + MultiLabelManifest.FILE
          + " (written before any charge by newer pate): its charges cannot be attributed to"
          + " private data; resume it with pate run --resume to write it, or move the folder"
          + " out of " + dir);
    }
    JsonNode manifest = manifest(manifestFile);
    return new RunCharges(dir.relativize(folder).toString(), manifest.path("cache_key").asText(),
        PrivateContent.of(folder, manifestFile, manifest),
        config.aggregator().randomness() == Randomness.SEEDED,
        accountant.accounting().mechanismId(), accountant.queries(), accountant.answered(),
        Files.exists(folder.resolve("report.json")), accountant.basis().id(),
        CrossRunComposition.RunCurves.of(accountant));
  }

  private static JsonNode manifest(Path file) {
    try {
      JsonNode manifest = Json.mapper().readTree(file.toFile());
      if (!manifest.hasNonNull("cache_key") || !manifest.hasNonNull("private_set")) {
        throw new UserError(file + ": no cache_key or private_set; not a pate teachers manifest");
      }
      return manifest;
    } catch (IOException e) {
      throw new UserError(file + ": cannot read the run's teachers manifest (" + e.getMessage()
          + "); its ledger cannot be attributed to an ensemble");
    }
  }

  /**
   * The composition of these runs ({@link CrossRunComposition}): their guarantees, or their
   * data-dependent costs, added at every order all of them have.
   */
  private EpsilonBound compose(List<RunCharges> runs, boolean dataDependent) {
    List<CrossRunComposition.RunCurves> curves = runs.stream().map(RunCharges::curves).toList();
    if (CrossRunComposition.sharedOrders(curves).isEmpty()) {
      throw new UserError("the runs under " + dir + " share no Renyi order; their guarantees"
          + " cannot be composed (use one privacy.orders list for runs over the same data)");
    }
    CrossRunComposition composition =
        new CrossRunComposition(accounting.delta, accounting.conversion());
    return dataDependent ? composition.dataDependent(curves) : composition.guarantee(curves);
  }

  private void print(Collection<DataSet> sets) {
    for (DataSet set : sets) {
      System.out.println("private data " + set.shortHash() + " (read as "
          + String.join(", ", set.names()) + "):");
      List<RunCharges> secure = set.runs(false);
      if (secure.isEmpty()) {
        System.out.println("  no run with secure noise: no guarantee to compose");
      } else {
        print("  ", secure, "all runs on this private data", "");
      }
      List<RunCharges> seeded = set.runs(true);
      if (!seeded.isEmpty()) {
        System.out.println("  " + SEEDED_NOTE + ":");
        print("    ", seeded, "all seeded runs on this private data", "  (" + SEEDED + ")");
      }
    }
  }

  /** Runs by ensemble, each with its charge, then composed; {@code mark} follows each figure. */
  private void print(String indent, List<RunCharges> runs, String all, String mark) {
    for (var ensemble : byEnsemble(runs).entrySet()) {
      System.out.println(indent + "teacher ensemble " + ensemble.getKey() + ":");
      for (RunCharges run : ensemble.getValue()) {
        System.out.printf(Locale.ROOT, "%s  %-44s %-15s %5d asked %5d answered  %s%s%s%n", indent,
            run.folder(), run.mechanism(), run.asked(), run.answered(),
            describe(compose(List.of(run), false)), mark,
            run.finished() ? "" : "  (unfinished)");
      }
      System.out.println(indent + "  composed: " + describe(compose(ensemble.getValue(), false))
          + mark);
    }
    System.out.println(indent + all + ", composed: " + describe(compose(runs, false)) + mark);
    System.out.println(indent + "(private to the data owner) data-dependent, composed: "
        + describe(compose(runs, true)) + mark);
  }

  private static Map<String, List<RunCharges>> byEnsemble(List<RunCharges> runs) {
    Map<String, List<RunCharges>> byEnsemble = new TreeMap<>();
    for (RunCharges run : runs) {
      byEnsemble.computeIfAbsent(run.ensemble(), e -> new ArrayList<>()).add(run);
    }
    return byEnsemble;
  }

  private static String describe(EpsilonBound b) {
    return String.format(Locale.ROOT, "epsilon %.4f at delta %.0e (order %s, %s)", b.epsilon(),
        b.delta(), NumberText.of(b.order()), b.conversion().id());
  }

  private Map<String, Object> asMap(Collection<DataSet> sets) {
    List<Object> data = new ArrayList<>();
    for (DataSet set : sets) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("sha256", set.sha256());
      entry.put("names", List.copyOf(set.names()));
      entry.putAll(composition(set.runs(false)));
      List<RunCharges> seeded = set.runs(true);
      if (!seeded.isEmpty()) {
        Map<String, Object> apart = new LinkedHashMap<>();
        apart.put("guarantee", SEEDED_NOTE);
        apart.putAll(composition(seeded));
        entry.put("seeded", apart);
      }
      data.add(entry);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("folder", dir.toString());
    m.put("kind", "data-independent guarantees of each run, composed by adding RDP curves, per"
        + " private data set (by content); runs with seeded noise apart, under seeded");
    m.put("private_data", data);
    return m;
  }

  /** These runs by ensemble and composed; no composed figure (null) when there are none. */
  private Map<String, Object> composition(List<RunCharges> runs) {
    List<Object> ensembles = new ArrayList<>();
    for (var e : byEnsemble(runs).entrySet()) {
      List<Object> charges = new ArrayList<>();
      for (RunCharges run : e.getValue()) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("folder", run.folder());
        r.put("randomness", run.seeded() ? "seeded" : "secure");
        r.put("mechanism", run.mechanism());
        r.put("asked", run.asked());
        r.put("answered", run.answered());
        r.put("finished", run.finished());
        r.put("guarantee_basis", run.basis());
        r.put("epsilon", bound(compose(List.of(run), false)));
        charges.add(r);
      }
      Map<String, Object> ensemble = new LinkedHashMap<>();
      ensemble.put("ensemble", e.getKey());
      ensemble.put("runs", charges);
      ensemble.put("epsilon_composed", bound(compose(e.getValue(), false)));
      ensembles.add(ensemble);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ensembles", ensembles);
    m.put("epsilon_composed", runs.isEmpty() ? null : bound(compose(runs, false)));
    m.put("private", runs.isEmpty() ? null
        : Map.of("epsilon_data_dependent_composed", bound(compose(runs, true))));
    return m;
  }

  private static Map<String, Object> bound(EpsilonBound b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("epsilon", b.epsilon());
    m.put("delta", b.delta());
    m.put("order", b.order());
    m.put("conversion", b.conversion().id());
    return m;
  }
}
