package dev.pate.aggregator.accounting;

import java.util.Locale;

/**
 * Why a run's data-independent epsilon holds: which worst case it is. Reports print {@link
 * #id()} and {@link #description()} beside the epsilon.
 */
public enum GuaranteeBasis {
  /**
   * Every query asked, charged at its worst case (as if answered). Without a budget the number
   * asked is the number planned; with a budget and a mechanism that always answers, every query
   * costs the same, so where the budget stops does not depend on the votes either.
   */
  EVERY_QUERY_ASKED("every query asked, charged at its worst case (as if answered); how many were"
      + " asked depends on the config alone"),
  /**
   * Every query the run was allowed to ask ({@code aggregator.queries}), charged at its worst
   * case: with a budget that stopped a mechanism that may abstain, the number asked depends on the
   * votes, the number allowed does not.
   */
  EVERY_QUERY_ALLOWED("every query the run was allowed to ask, charged at its worst case (as if"
      + " answered)"),
  /**
   * The budget, enforced before every query as a Renyi filter (Feldman and Zrnic 2021): no query
   * was asked whose worst-case charge would have taken the spent total over it.
   */
  BUDGET_FILTER("the budget, enforced before every query as a Renyi filter (Feldman and Zrnic"
      + " 2021): no query was asked whose worst-case charge could take the spent total over it");

  private final String description;

  GuaranteeBasis(String description) {
    this.description = description;
  }

  /** E.g. {@code budget-filter}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** One sentence for reports. */
  public String description() {
    return description;
  }
}
