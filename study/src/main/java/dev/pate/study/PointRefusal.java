package dev.pate.study;

import dev.pate.config.StudyPoint;
import dev.pate.files.UserError;
import dev.pate.ledger.BudgetRefusal;

/**
 * A study point's refusal, named: a config that is valid on its own may still be refused for one
 * point of a grid (a release that cannot be made at that teacher count, say), and the user must
 * know which point to change.
 */
final class PointRefusal {
  private PointRefusal() {}

  /**
   * Runs {@code check}; a user error it throws comes back prefixed with the point's index and
   * coordinates when it has any. A budget's refusal keeps its type (and message), since the
   * study treats it as a point's outcome, not an error.
   */
  static void naming(StudyPoint point, Runnable check) {
    try {
      check.run();
    } catch (BudgetRefusal refused) {
      throw refused;
    } catch (UserError e) {
      if (point.coordinates().isEmpty()) {
        throw e; // a single run (or a grid of one): there is no other point to tell it from
      }
      throw new UserError("point " + point.index() + " (" + point.label() + "): "
          + e.getMessage(), e);
    }
  }
}
