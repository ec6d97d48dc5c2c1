package dev.pate.ledger;

/**
 * A ledger that cannot be used as it is: tampered, cut short, malformed, or written for another
 * accounting than the one that would continue it. The message is one line naming the file and
 * line, for the person who has to decide what to do with the run.
 */
public final class LedgerException extends RuntimeException {
  public LedgerException(String message) {
    super(message);
  }
}
