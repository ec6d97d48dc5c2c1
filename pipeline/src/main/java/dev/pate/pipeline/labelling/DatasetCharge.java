package dev.pate.pipeline.labelling;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.progress.PipelineListener;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run's charge to the budget of its private data set ({@link DatasetBudget}), where the data has
 * one: before any teacher trains, the run reserves its worst case (the guarantee its accountant
 * could end with, every query it may ask and the release's reserve included) and is refused if
 * that does not fit; after labelling (and the release, if made) it settles to its guarantee (what
 * composes with other runs: every query asked at its worst case, or its own budget, plus the
 * release's reserve). Never to what it spent: for Confident-GNMax which queries ran their arg-max
 * depends on the votes, so the spent curve is a function of the private data, neither a guarantee
 * nor publishable (the remaining budget is in release.json). A run stopped in between keeps its
 * reservation: resumed, it finds and reuses it.
 *
 * <p>A run with seeded noise over a data set with a budget is refused: its answers have no
 * guarantee (anyone with the config can replay the noise), so no charge could keep the owner's
 * promise.
 */
public final class DatasetCharge {
  private final DatasetBudget budget;
  private final String run;
  private final Orders runOrders;
  private final DatasetBudget.Reservation reservation;
  private DatasetBudget.State settled;
  private double charged;

  private DatasetCharge(DatasetBudget budget, String run, Orders runOrders,
      DatasetBudget.Reservation reservation) {
    this.budget = budget;
    this.run = run;
    this.runOrders = runOrders;
    this.reservation = reservation;
    this.settled = reservation.reused() && !reservation.after().open().containsKey(run)
        ? reservation.after() : null;
    // A run resumed after it settled reports what it settled to, not nothing.
    this.charged = settled == null ? 0 : settled.charges().stream()
        .filter(c -> c.kind() == DatasetBudget.Kind.SETTLE && c.run().equals(run))
        .reduce((first, last) -> last).map(c -> settled.epsilonOf(c.rdp())).orElseThrow();
  }

  /** Where budgets are looked for: {@code privacy.dataset_budget.dir}, else outDir/budgets. */
  public static Path dir(RunConfig config, Path outDir) {
    return config.privacy().datasetBudget().dir().orElse(outDir.resolve("budgets"));
  }

  /**
   * Reserves the run's worst case against the budget of the data whose content hash is {@code
   * dataSha256}, if it has one in {@code dir}; the run's id is its folder.
   *
   * @param aggregator the run's aggregator with the noise labelling uses (given or planned)
   * @throws UserError for seeded noise over a data set with a budget
   * @throws dev.pate.ledger.BudgetRefusal if the worst case does not fit
   */
  public static Optional<DatasetCharge> reserve(RunConfig config, AggregatorConfig aggregator,
      Optional<ReleasePlan> release, Path dir, String dataSha256, Path runFolder,
      PipelineListener listener) {
    Optional<DatasetBudget> found = DatasetBudget.find(dir, dataSha256);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    DatasetBudget budget = found.get();
    refuseSeeded(aggregator.randomness(), budget);
    Mechanisms mechanisms = Mechanisms.of(aggregator, config.privacy());
    PrivacyAccountant accountant = mechanisms.accountant(aggregator, config.privacy(), release);
    // With privacy groups a record of multiplier s costs s^2 times the base: the data set is
    // charged the weakest group's worst case, which bounds every record's (as it is settled to
    // the weakest group's guarantee).
    double[] worstCase = RunGroups.of(config)
        .map(g -> RunGroups.worstCaseRdp(((dev.pate.ledger.GroupRunAccountant)
            g.accountant(mechanisms.mechanism(), aggregator.queries())).groupAccountant()))
        .orElseGet(accountant::worstCaseRdp);
    return Optional.of(reserve(budget, runFolder, accountant.accounting().orders(), worstCase,
        listener));
  }

  /**
   * Reserves the worst case of {@code accountant} (new: nothing charged yet) against the budget of
   * the data whose content hash is {@code dataSha256}, if it has one in {@code dir}: for a run
   * whose accountant is all its guarantee (a multi-label run's: no privacy groups, no release
   * reserve), settled with the same accountant charged with what the run asked.
   *
   * @param randomness the noise labelling draws
   * @throws UserError for seeded noise over a data set with a budget
   * @throws dev.pate.ledger.BudgetRefusal if the worst case does not fit
   */
  public static Optional<DatasetCharge> reserve(PrivacyAccountant accountant,
      Randomness randomness, Path dir, String dataSha256, Path runFolder,
      PipelineListener listener) {
    return DatasetBudget.find(dir, dataSha256).map(budget -> {
      refuseSeeded(randomness, budget);
      return reserve(budget, runFolder, accountant.accounting().orders(),
          accountant.worstCaseRdp(), listener);
    });
  }

  private static void refuseSeeded(Randomness randomness, DatasetBudget budget) {
    if (randomness == Randomness.SEEDED) {
      throw new UserError("aggregator.randomness: seeded noise has no guarantee, and this private"
          + " data set has a budget (" + budget.file() + "); use randomness: secure");
    }
  }

  private static DatasetCharge reserve(DatasetBudget budget, Path runFolder, Orders runOrders,
      double[] worstCase, PipelineListener listener) {
    String run = runFolder.toAbsolutePath().normalize().toString();
    double[] worst = DatasetBudget.onOrders(runOrders, worstCase,
        budget.read().total().orders());
    DatasetBudget.Reservation reservation = budget.reserve(run, worst);
    DatasetCharge charge = new DatasetCharge(budget, run, runOrders, reservation);
    listener.message((reservation.reused() ? "resumed with its reservation of epsilon "
        : "reserved epsilon ") + DatasetBudget.text(reservation.asked())
        + " of the data set's budget " + budget.file() + "; remaining "
        + DatasetBudget.text(reservation.after().remaining()) + " of "
        + DatasetBudget.text(reservation.after().total().epsilon()));
    return charge;
  }

  /**
   * Settles the reservation to {@code accountant}'s guarantee (the release's reserve included), a
   * data-independent curve, never above the reservation; once: a run resumed after settling
   * settles nothing more.
   */
  public void settle(PrivacyAccountant accountant, PipelineListener listener) {
    if (settled != null) {
      return;
    }
    double[] spent = DatasetBudget.onOrders(runOrders, accountant.guaranteeRdp(),
        reservation.after().total().orders());
    settled = budget.settle(run, spent);
    charged = settled.epsilonOf(spent);
    listener.message("settled epsilon " + DatasetBudget.text(charged) + " to " + budget.file()
        + "; remaining " + DatasetBudget.text(settled.remaining()));
  }

  /** What report.json and release.json say of the charge. */
  public Summary summary() {
    DatasetBudget.State after = settled != null ? settled : reservation.after();
    return new Summary(after.budgetId(), after.total().epsilon(), after.total().delta(),
        after.total().conversion().id(), reservation.asked(), settled != null ? charged : null,
        reservation.before().remainingWithout(run), after.remaining(), NOTE,
        new Summary.Private(after.dataSha256(), budget.file().getFileName().toString()));
  }

  static final String NOTE = "the run reserved its worst case against the private data set's"
      + " budget before its teachers trained, then settled to its guarantee; remaining: the"
      + " budget's epsilon minus what every run over the data set committed, a function of"
      + " earlier runs' charges, not of the data";

  /**
   * The {@code dataset_budget} block.
   *
   * @param budgetId the budget's random name (not the data's content hash, which is private)
   * @param reservedEpsilon the run's worst case alone
   * @param chargedEpsilon its guarantee alone, as settled; null if not settled
   * @param remainingBefore the budget's remaining epsilon before the run reserved
   * @param remainingAfter after it settled
   * @param budgetPrivate the data's content hash and the budget file's name
   */
  @JsonPropertyOrder({"budget_id", "epsilon", "delta", "conversion", "reserved_epsilon",
      "charged_epsilon", "remaining_before", "remaining_after", "note", "private"})
  public record Summary(String budgetId, double epsilon, double delta, String conversion,
      double reservedEpsilon, @JsonInclude(JsonInclude.Include.NON_NULL) Double chargedEpsilon,
      double remainingBefore, double remainingAfter, String note,
      @JsonProperty("private") @JsonInclude(JsonInclude.Include.NON_NULL)
      Private budgetPrivate) {

    /** The data's content hash, and the budget file named by it: functions of the data. */
    public record Private(String dataSha256, String file) {}

    /** This block without its private part: for release.json. */
    public Summary published() {
      return new Summary(budgetId, epsilon, delta, conversion, reservedEpsilon, chargedEpsilon,
          remainingBefore, remainingAfter, note, null);
    }
  }
}
