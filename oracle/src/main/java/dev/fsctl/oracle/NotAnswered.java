package dev.fsctl.oracle;

import org.apache.hadoop.util.VersionInfo;

/**
 * A request the oracle cannot answer with Hadoop's answer: it says why ({@code ok: null} and
 * {@link #reason} in the JSON), so no caller takes it for Hadoop accepting or refusing.
 */
final class NotAnswered extends Exception {
  private static final long serialVersionUID = 1L;
  /** The key the answer carries: {@code unavailable} or {@code bad_request}. */
  final String reason;

  NotAnswered(String reason, String message) {
    super(message);
    this.reason = reason;
  }

  /** What this Hadoop release does not have (a verb of a later line). */
  static NotAnswered unavailable(String what) {
    return new NotAnswered("unavailable", what + " is not available for Hadoop " + VersionInfo.getVersion());
  }
}
