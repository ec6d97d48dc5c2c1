package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerCharge;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerHeader;
import dev.pate.ledger.LedgerReader;
import dev.pate.ledger.RunAccountant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run has recorded of its labelling, verified before it does anything expensive: a resumed
 * run must not retrain its whole ensemble only to learn then that its ledger was tampered with.
 * Each check here is the only one of its kind; labelling later uses what was verified.
 *
 * <ul>
 *   <li>the ledger: its hash chain, its header against the accounting the config now gives (see
 *       {@link LedgerHeader#differenceFrom}), its charges one per query in query order and
 *       within the run's queries; a last line a crash cut short is left out (its answer was never
 *       released);
 *   <li>a lost ledger: votes.csv or labels.csv without a ledger means answers may have been
 *       released whose charges are gone;
 *   <li>the budget: a run whose budget cannot pay for its first query would train its teachers to
 *       label nothing;
 *   <li>votes.csv, once the query pool is known: whole rounds of pool images, none twice, and at
 *       least every query the ledger charged.
 * </ul>
 */
public final class RunRecord {
  private final Path ledgerFile; // null without a ledger
  private final Optional<LedgerContents> ledger;
  private final RecordedQueries queries;

  private RunRecord(Path ledgerFile, Optional<LedgerContents> ledger, RecordedQueries queries) {
    this.ledgerFile = ledgerFile;
    this.ledger = ledger;
    this.queries = queries;
  }

  /**
   * The labelling record of the folder of a run begun before, checked against {@code config};
   * reads only.
   *
   * @param aggregator the run's aggregator with the noise labelling uses (given or planned)
   * @param release the release of the data-dependent epsilon the run makes, if any
   * @throws UserError naming the file and line of the first problem
   */
  public static RunRecord read(Path folder, RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release) {
    Path ledgerFile = folder.resolve(Ledger.FILE);
    if (!Files.exists(ledgerFile)) {
      requireNoAnswers(folder, ledgerFile);
      return none(config, aggregator, release);
    }
    return checked(new RunRecord(ledgerFile, Optional.of(LedgerReader.readComplete(ledgerFile)),
        RecordedQueries.NONE), config, aggregator, release);
  }

  /** A run that has recorded nothing yet; its budget must pay for a query. */
  public static RunRecord none(RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release) {
    return checked(new RunRecord(null, Optional.empty(), RecordedQueries.NONE), config,
        aggregator, release);
  }

  /**
   * The accountant of the run in {@code folder} charged with every line of its ledger (its
   * release of the data-dependent epsilon included), after the same checks as a resumed run's;
   * a ledger whose last line was cut short is refused (the run must be resumed first).
   */
  static PrivacyAccountant replay(Path folder, RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release) {
    Path ledgerFile = folder.resolve(Ledger.FILE);
    return new RunRecord(ledgerFile, Optional.of(LedgerReader.read(ledgerFile)), RecordedQueries.NONE)
        .accountant(config, aggregator, release);
  }

  /**
   * A new accountant of the run's, charged with this record's ledger: the run's statement (with
   * privacy groups, the weakest group's, {@link Mechanisms#stated}).
   */
  private PrivacyAccountant accountant(RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release) {
    PrivacyAccountant accountant = Mechanisms.of(aggregator, config.privacy())
        .accountant(aggregator, config.privacy(), release);
    return Mechanisms.stated(charging(config, aggregator, release, accountant), accountant);
  }

  /** What the run charges to ({@link Mechanisms#charging}), charged with this record's ledger. */
  private RunAccountant charging(RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release, PrivacyAccountant accountant) {
    RunAccountant charging = Mechanisms.of(aggregator, config.privacy())
        .charging(config, aggregator, accountant);
    replayInto(charging, new Answer[aggregator.queries()], release.map(ReleasePlan::describe));
    return charging;
  }

  /** Replays the record on the run's accountant, and refuses a budget that pays for nothing. */
  private static RunRecord checked(RunRecord record, RunConfig config,
      AggregatorConfig aggregator, Optional<ReleasePlan> release) {
    RunAccountant charging = record.charging(config, aggregator, release,
        Mechanisms.of(aggregator, config.privacy()).accountant(aggregator, config.privacy(),
            release));
    if (record.charged() == 0) {
      charging.refusal().ifPresent(refusal -> {
        throw new UserError((charging.groups().isPresent() ? "privacy.groups.budgets"
            : "privacy.budget") + ": cannot pay for a single query of "
            + aggregator.mechanism().id() + " with the noise given (" + refusal + "); the run"
            + " would train its teachers and label nothing (raise the budget's epsilon, or add"
            + " noise)");
      });
    }
    return record;
  }

  /**
   * This record with the run's votes.csv read against the query pool: whole rounds of {@code
   * sizes}, pool images only, none twice, and no fewer queries than the ledger charged.
   */
  public RunRecord withVotes(Path folder, Dataset pool, int[] sizes) {
    RecordedQueries recorded = RecordedQueries.read(folder.resolve("votes.csv"), pool, sizes);
    if (charged() > recorded.queries()) {
      throw new UserError(folder.resolve(Ledger.FILE) + ": " + charged() + " charges, but votes.csv records only "
          + recorded.queries() + " queries; the run cannot be resumed (start a new one)");
    }
    return new RunRecord(ledgerFile, ledger, recorded);
  }

  /** The ledger as verified, if the run has one. */
  Optional<LedgerContents> ledger() {
    return ledger;
  }

  /** The queries votes.csv records (none before {@link #withVotes}). */
  RecordedQueries queries() {
    return queries;
  }

  /** Queries the ledger charged (its release of the data-dependent epsilon not counted). */
  int charged() {
    return (int) ledger.map(c -> c.entries().stream().filter(e -> !e.chargesRelease()).count())
        .orElse(0L).longValue();
  }

  /**
   * Adds the ledger's charges to {@code accountant} and their answers to {@code answers}, after
   * checking the header against the accountant and {@code release} (the parameters of the run's
   * release of its data-dependent epsilon, if it makes one), that charge k is query k, and that a
   * charged release is the ledger's last line.
   *
   * @return what the ledger's release published, if it charged one: a resumed run publishes it
   *     again rather than drawing another
   */
  Optional<Map<String, Object>> replayInto(RunAccountant accountant, Answer[] answers,
      Optional<Map<String, Object>> release) {
    if (ledger.isEmpty()) {
      return Optional.empty();
    }
    ledger.get().header().differenceFrom(accountant, release).ifPresent(difference -> {
      throw new UserError(ledgerFile + " line 1: " + difference + "; a run cannot change how"
          + " it charges mid-ledger (restore config.yaml, or start a new run)");
    });
    List<LedgerEntry> entries = ledger.get().entries();
    Map<String, Object> released = null;
    int q = 0;
    for (LedgerEntry e : entries) {
      int line = q + (released == null ? 2 : 3);
      if (released != null) {
        throw new UserError(ledgerFile + " line " + line + ": a charge after the release of"
            + " the data-dependent epsilon, which is the run's last");
      }
      if (e.chargesRelease()) {
        // The release was charged, so it was (or may have been) published: publish it again.
        accountant.chargeReserved();
        released = e.release();
        continue;
      }
      // Queries are charged in query order, one charge each: charge k is for query k.
      if (e.query() != q || q >= answers.length) {
        throw new UserError(ledgerFile + " line " + line + ": charges query " + e.query()
            + " where query " + q + " of " + answers.length + " was expected");
      }
      accountant.add(LedgerCharge.of(e));
      answers[q++] = e.answered() ? Answer.of(e.label()) : Answer.abstained();
    }
    return Optional.ofNullable(released);
  }

  /**
   * A ledger is created before the first query is recorded in votes.csv, so a folder with votes
   * and no ledger lost its ledger: starting a new one would forget the charges of answers already
   * released.
   */
  private static void requireNoAnswers(Path folder, Path ledgerFile) {
    for (String file : new String[] {"votes.csv", "labels.csv"}) {
      if (Files.exists(folder.resolve(file))) {
        throw new UserError(ledgerFile + ": missing, but " + file + " exists, so queries may"
            + " have been answered; their charges cannot be recovered and the run cannot be"
            + " resumed (restore the ledger, or start a new run)");
      }
    }
  }
}
