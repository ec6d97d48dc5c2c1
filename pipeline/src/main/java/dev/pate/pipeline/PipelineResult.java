package dev.pate.pipeline;

import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.pipeline.report.RunReport;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * What a finished run produced.
 *
 * @param report everything report.json says (its private figures marked as such)
 * @param runFolder the run's folder: config, teachers, votes, labels, ledger and report
 * @param student the trained student network, the one model a run may release; empty when
 *     {@code student.train} is false
 * @param privacy the accountant's statement: the data-independent guarantee with its basis, and
 *     the spent and data-dependent figures (which are not guarantees)
 */
public record PipelineResult(RunReport report, Path runFolder,
    Optional<MultiLayerNetwork> student, PrivacyStatement privacy) {

  public PipelineResult {
    Objects.requireNonNull(report, "report");
    Objects.requireNonNull(runFolder, "runFolder");
    Objects.requireNonNull(student, "student");
    Objects.requireNonNull(privacy, "privacy");
  }
}
