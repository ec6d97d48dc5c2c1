package dev.pate.cli;

import dev.pate.pipeline.report.PateBuild;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code pate -V}: the version Maven built (the project's version, written into a resource at
 * build time, as report.json's provenance states it), so the two can never disagree.
 */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    PateBuild build = PateBuild.current();
    String commit = build.commit();
    return new String[] {"pate " + build.version() + " (commit "
        + commit.substring(0, Math.min(12, commit.length()))
        + ("true".equals(build.uncommittedChanges()) ? ", with uncommitted changes" : "") + ")"};
  }
}
