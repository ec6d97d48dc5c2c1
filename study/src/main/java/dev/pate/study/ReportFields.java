package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.UserError;

/**
 * A point's report.json read by JSON pointer; a missing field is an error naming it (a report of
 * another version would otherwise read as zeros).
 *
 * @param folder the point's folder (relative to the study folder), for messages
 */
record ReportFields(JsonNode report, String folder) {

  JsonNode at(String pointer) {
    JsonNode node = report.at(pointer);
    if (node.isMissingNode() || node.isNull()) {
      throw new UserError(folder + "/report.json: no " + pointer
          + " (a report of an older pate; delete the point's folder to run it again)");
    }
    return node;
  }

  /**
   * A field that a report holds as null where it has no value (a label accuracy of an
   * unlabelled pool), read as null; missing altogether, an error as {@link #at}.
   */
  Double orNull(String pointer) {
    JsonNode node = report.at(pointer);
    if (node.isNull()) {
      return null;
    }
    return at(pointer).asDouble();
  }
}
