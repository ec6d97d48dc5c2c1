package dev.pate.study;

import java.time.Instant;

/**
 * status.json of a study point: {@code running} from its start (still so after a kill: the point
 * was interrupted and is finished by the next run of the study), then {@code done} or {@code
 * failed}. Its report.json, written last, is what marks it finished.
 *
 * @param status running, done or failed
 * @param started when this attempt started (UTC, ISO-8601)
 * @param finished when it ended; null while running
 * @param error why it failed or was refused; null otherwise
 */
record PointStatus(String status, String started, String finished, String error) {

  static PointStatus running() {
    return new PointStatus("running", Instant.now().toString(), null, null);
  }

  PointStatus done() {
    return new PointStatus("done", started, Instant.now().toString(), null);
  }

  PointStatus refused(String why) {
    return new PointStatus("refused", started, Instant.now().toString(), why);
  }

  PointStatus failed(String why) {
    return new PointStatus("failed", started, Instant.now().toString(), why);
  }
}
