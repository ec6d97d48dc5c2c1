package dev.pate.pipeline.multilabel;

import dev.pate.config.RunConfig;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.RunFolder;
import dev.pate.pipeline.release.ReleaseWriter;
import dev.pate.pipeline.report.PrivacyInWords;
import dev.pate.pipeline.report.Reports;
import dev.pate.pipeline.report.RunReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * The release of a multi-label run, in the folder single-label runs release into ({@link
 * ReleaseWriter#writeFolder}): the student ({@value ReleaseWriter#MODEL}), release.json (its input,
 * labels, held-out scores and publishable privacy statement: the data-independent guarantee only,
 * never the private figures) and MODEL_CARD.md, the same in prose.
 */
final class MultiLabelRelease {

  /** The release folder, relative to the run folder. */
  static final String FOLDER = ReleaseWriter.FOLDER;

  private MultiLabelRelease() {}

  static RunReport.Release write(RunFolder folder, RunConfig config, MultiLabelData data,
      MultiLabelReport report, MultiLayerNetwork student) {
    String sha256 = ReleaseWriter.writeFolder(folder, student, modelSha256 -> {
      Map<String, Object> manifest = manifest(report, data, modelSha256);
      return Map.of(ReleaseWriter.MANIFEST, Json.write(manifest),
          ReleaseWriter.CARD, card(config.name(), report, data));
    });
    return new RunReport.Release(FOLDER,
        List.of(ReleaseWriter.MODEL, ReleaseWriter.MANIFEST, ReleaseWriter.CARD), sha256);
  }

  private static Map<String, Object> manifest(MultiLabelReport report, MultiLabelData data,
      String modelSha256) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", ReleasedMultiLabelModel.FORMAT);
    m.put("kind", ReleasedMultiLabelModel.KIND);
    m.put("model", Map.of("file", ReleaseWriter.MODEL, "sha256", modelSha256,
        "format", "DL4J ModelSerializer (MultiLayerNetwork): ModelSerializer"
            + ".restoreMultiLayerNetwork", "network", report.student().architecture()));
    m.put("input", data.input());
    m.put("labels", data.pool().labelNames());
    m.put("output", "one sigmoid per label, in the order of labels; a label is predicted when"
        + " its output is above 0.5");
    m.put("held_out", report.student().heldOut());
    if (data.releasePool() != null) {
      m.put("pool", data.releasePool());
    }
    m.put("privacy", privacy(report));
    return m;
  }

  /** The publishable part of the privacy block: the guarantee, never the private figures. */
  private static Map<String, Object> privacy(MultiLabelReport report) {
    RunReport.Privacy p = report.privacy();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("unit", p.unit());
    m.put("neighbours", p.neighbours());
    m.put("mechanism", report.aggregation().mechanism());
    m.put("parameters", report.aggregation().parameters());
    m.put("noise", p.noise());
    m.put("queries_answered", report.aggregation().queriesAnswered());
    m.put("epsilon", p.epsilonDataIndependent());
    m.put("delta", p.delta());
    m.put("order", p.orderDataIndependent());
    m.put("conversion", p.conversion());
    m.put("kind", "data-independent");
    m.put("basis", p.guarantee().description());
    m.put("randomness", p.randomness());
    m.put("guarantee_holds", p.guaranteeHolds());
    m.put("data_dependent", "not released: the multi-label mechanisms have no private release of"
        + " their data-dependent epsilon");
    m.put("composition", Reports.COMPOSITION);
    if (report.datasetBudget() != null) {
      // As a single-label release says it: the budget's public figures, never the data's hash.
      m.put("dataset_budget", report.datasetBudget().published());
    }
    return m;
  }

  private static String card(String runName, MultiLabelReport report, MultiLabelData data) {
    RunReport.Privacy p = report.privacy();
    Map<String, Object> heldOut = report.student().heldOut();
    StringBuilder b = new StringBuilder();
    b.append("# Model card: ").append(runName).append("\n\n");
    String example = data.kind() == MultiLabelData.Kind.TABLE ? "row" : "image";
    b.append("A multi-label classifier: for ").append(example.equals("row") ? "a row" : "an image")
        .append(" it says which of ")
        .append(data.labels()).append(" labels (").append(String.join(", ",
            data.pool().labelNames())).append(") apply, any number at once. It was trained with"
            + " PATE (Private Aggregation of Teacher Ensembles), which bounds how much it can"
            + " reveal about any one record of the private data: ").append(guarantee(p))
        .append(".\n\n");
    b.append("## How it was trained\n\n");
    b.append("The private data was split among ").append(report.teachers().count())
        .append(" teacher models, each trained on its own part only. The teachers then voted,"
            + " label by label, on public ").append(example).append("s; each vote was answered with"
            + " random noise added"
            + " (").append(report.aggregation().mechanism()).append(", ")
        .append(report.aggregation().parameters()).append("; ").append(p.noise())
        .append(") and its privacy cost was recorded before the answer was released. ")
        .append(report.aggregation().queriesAnswered()).append(" public ").append(example)
        .append("s got a label set this way. This model (the \"student\", a ")
        .append(report.student().architecture()).append(" network with one sigmoid per label)"
            + " learned from those label sets and the public ").append(example)
        .append("s only; it never saw the private data or the teachers.\n\n");
    b.append("## What is protected\n\n");
    b.append("The guarantee is ").append(guarantee(p)).append(", with respect to ")
        .append(p.unit()).append(": ").append(p.neighbours()).append("\n\n");
    b.append(PrivacyInWords.paragraph(p.epsilonDataIndependent(), p.delta()));
    b.append("The guarantee holds whatever the data was (it is data-independent: ")
        .append(p.guarantee().description()).append(").\n\n");
    if (!p.guaranteeHolds()) {
      b.append("**This run is NOT private**: its noise was drawn from a seeded generator that"
          + " anyone with the run's configuration can replay. It is for studies only; do not"
          + " publish it as private.\n\n");
    }
    b.append("## How well it does\n\n");
    b.append(String.format(Locale.ROOT, "On %d held-out public " + example + "s it was never"
            + " trained on:"
            + " micro-F1 %.4f, macro-F1 %.4f, label-set (exact match) accuracy %.4f.%n%n",
        (Integer) heldOut.get("examples"), (Double) heldOut.get("micro_f1"),
        (Double) heldOut.get("macro_f1"), (Double) heldOut.get("label_set_accuracy")));
    b.append("Per label (accuracy, F1): ");
    @SuppressWarnings("unchecked")
    List<Double> accuracy = (List<Double>) heldOut.get("per_label_accuracy");
    @SuppressWarnings("unchecked")
    List<Double> f1 = (List<Double>) heldOut.get("per_label_f1");
    for (int j = 0; j < accuracy.size(); j++) {
      b.append(j == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%s %.3f, %.3f",
          data.pool().labelNames().get(j), accuracy.get(j), f1.get(j)));
    }
    b.append(".\n\n");
    b.append("Several models trained on the same private data add up: ")
        .append(Reports.COMPOSITION).append(".\n");
    return b.toString();
  }

  private static String guarantee(RunReport.Privacy p) {
    return String.format(Locale.ROOT, "(epsilon %s, delta %s)-differential privacy",
        PrivacyInWords.digits(p.epsilonDataIndependent()), PrivacyInWords.digits(p.delta()));
  }
}
