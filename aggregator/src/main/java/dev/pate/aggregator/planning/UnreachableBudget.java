package dev.pate.aggregator.planning;

/**
 * A budget no noise in the planner's range can meet. It is the caller's budget that is impossible,
 * not a bug, so callers that took the budget from a user turn it into their one-line error naming
 * their own key ({@code --epsilon}, {@code privacy.budget.epsilon}). The message starts with the
 * planner's own name for the budget, {@code epsilon: }.
 */
public final class UnreachableBudget extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  UnreachableBudget(String message) {
    super(message);
  }

  /** The message without its leading {@code epsilon: }, to follow the caller's key. */
  public String withoutKey() {
    String message = getMessage();
    return message.startsWith("epsilon: ") ? message.substring("epsilon: ".length()) : message;
  }
}
