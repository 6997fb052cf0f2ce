package org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.converter;

/**
 * The command-line entry of Hadoop's converter, as {@code yarn fs2cs} runs it.
 *
 * <p>{@code FSConfigToCSConfigArgumentHandler.parseAndConvert} is package-private, so this one
 * class lives in Hadoop's package (a split package is fine on the class path).
 */
public final class Fs2csEntry {
  private Fs2csEntry() {
  }

  /** Hadoop's exit code: 0 converted (and verified when an output directory is given), -1 not. */
  public static int run(String[] args) throws Exception {
    return new FSConfigToCSConfigArgumentHandler().parseAndConvert(args);
  }
}
