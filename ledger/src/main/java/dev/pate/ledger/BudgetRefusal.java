package dev.pate.ledger;

import dev.pate.files.UserError;

/**
 * A data set's budget refused a run's reservation: what it asked does not fit beside what earlier
 * runs committed. Not an error in the run: a study reports the point as refused and goes on. The
 * message is one line naming the budget file, what remains and what was asked. A {@link UserError}
 * of its own type because a study catches it to record the point as refused.
 */
public final class BudgetRefusal extends UserError {
  public BudgetRefusal(String message) {
    super(message);
  }
}
