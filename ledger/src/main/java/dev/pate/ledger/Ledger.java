package dev.pate.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ledger.jsonl, the append-only record of every privacy charge of a run: its file name and the
 * format its {@link LedgerWriter writer} and {@link LedgerReader reader} share. The first line is a
 * {@link LedgerHeader} naming the mechanism, its noise kind and parameters, the orders, and what
 * the guarantee rests on (the most queries the run may ask and its budget); each further line is a
 * {@link LedgerEntry}, signed with the hash of its content and chained to the line before.
 */
public final class Ledger {
  public static final String FILE = "ledger.jsonl";

  /**
   * 3: the header records the most queries and the budget (2 added the noise kind and parameters
   * to version 1's mechanism and orders).
   */
  static final int VERSION = 3;

  /** Package-private, like {@link #withoutHash} and {@link #hashOf}: the fuzz test signs lines. */
  static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private Ledger() {}

  static String withoutHash(LedgerEntry e) throws JsonProcessingException {
    ObjectNode node = MAPPER.valueToTree(e);
    node.remove("hash");
    return MAPPER.writeValueAsString(node);
  }

  /** The hash {@code e} is signed with: that of its line without its hash. */
  static String hashOf(LedgerEntry e) {
    return ChainedFile.hashOf(MAPPER.valueToTree(e));
  }
}
