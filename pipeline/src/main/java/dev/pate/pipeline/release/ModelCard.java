package dev.pate.pipeline.release;

import static dev.pate.pipeline.report.PrivacyInWords.digits;

import dev.pate.pipeline.report.PrivacyInWords;
import java.util.Locale;
import java.util.Map;

/**
 * MODEL_CARD.md: the release in prose, for a reader who is not a privacy expert. Written from the
 * manifest alone, so it says nothing release.json does not.
 */
final class ModelCard {
  private ModelCard() {}

  static String text(ReleaseManifest m, String runName) {
    ReleaseManifest.Privacy p = m.privacy();
    StringBuilder b = new StringBuilder();
    b.append("# Model card: ").append(runName).append("\n\n");
    b.append("A classifier of ").append(m.classes().size()).append(" classes (")
        .append(String.join(", ", m.classes())).append("), trained with PATE (Private Aggregation"
            + " of Teacher Ensembles), which bounds how much the model can reveal about any one"
            + " record of the private data it learned from: ").append(guarantee(p))
        .append(PrivacyInWords.weak(p.epsilon()) ? ", a weak guarantee" : "")
        .append(". How much that protects depends on epsilon (below).\n\n");

    b.append("## How it was trained\n\n");
    b.append("The private data was split among teacher models, each trained on its own part"
        + " only. The teachers then voted on examples of a separate, public data set; each vote"
        + " was answered with random noise added (").append(p.mechanism()).append(", ")
        .append(p.noise()).append(") and every answer's privacy cost was recorded before it was"
            + " released. ").append(p.queriesAnswered()).append(" of ").append(p.queriesAsked())
        .append(" public examples got a label this way. This model (the \"student\", a ")
        .append(m.model().network()).append(" network, ").append(m.model().method())
        .append(m.model().weightAverage() ? ", with averaged weights" : "")
        .append(") learned from those labels and the public examples only; it never saw the"
            + " private data or the teachers.")
        .append(m.model().students() == null ? "" : " It is " + m.model().students()
            + " such students, trained alike from different seeds and joined side by side into"
            + " one network that predicts the mean of their logits.")
        .append("\n\n");

    b.append("## What is protected\n\n");
    b.append("The guarantee is ").append(guarantee(p)).append(", with respect to ")
        .append(p.unit()).append(": ").append(p.neighbours()).append("\n\n");
    if (p.groups() != null) {
      b.append("The private records belong to privacy groups, each with its own budget (")
          .append(p.groupMethod()).append("); the guarantee above is the weakest group's, and"
              + " each group's records have their own:\n\n");
      for (Map<String, Object> g : p.groups()) {
        b.append("- ").append(PrivacyInWords.group((String) g.get("name"),
            ((Number) g.get("epsilon")).doubleValue(), ((Number) g.get("delta")).doubleValue(),
            ((Number) g.get("budget_epsilon")).doubleValue()))
            .append(" (a record of it moves at most ").append(g.get("multiplier"))
            .append(" teacher vote(s) per answer)\n");
      }
      b.append("\n");
    }
    b.append(PrivacyInWords.paragraph(p.epsilon(), p.delta()));
    b.append("The guarantee holds whatever the data was (it is data-independent: ")
        .append(p.basis()).append(").\n\n");
    if (PrivacyInWords.weak(p.epsilon())) {
      b.append("**The guarantee is weak**: at epsilon ").append(digits(p.epsilon()))
          .append(" (above ").append(digits(PrivacyInWords.WEAK_EPSILON))
          .append(") one record may make"
              + " an outcome up to e^").append(digits(p.epsilon())).append(" times more likely,"
              + " which rules out little. Do not rely on it to protect the private data; more"
              + " noise, more teachers or fewer queries give a smaller epsilon.\n\n");
    }
    if (!p.guaranteeHolds()) {
        b.append("**This run is NOT private**: its noise was drawn from a seeded generator that"
            + " anyone with the run's configuration can replay. It is for studies only; do not"
            + " publish it as private.\n\n");
    }
    Map<String, Object> dd = p.dataDependent();
    if ("released".equals(dd.get("status"))) {
      b.append(String.format(Locale.ROOT, "A data-dependent epsilon, usually smaller, was also"
          + " released privately (through smooth sensitivity; it includes its own cost): %s.%n%n",
          dd.get("epsilon_released")));
    }
    b.append("What is **not** protected: the public data (its examples may be recognised in the"
        + " model's behaviour), the classes and the input format. Other releases of the same"
        + " private data are not covered either: ").append(p.composition()).append(".\n\n");

    b.append("## Accuracy\n\n");
    b.append(String.format(Locale.ROOT, "%.4f on %d held-out public examples (%s).%n%n",
        m.evaluation().accuracy(), m.evaluation().examples(), m.evaluation().data()));

    b.append("## How to use it\n\n");
    b.append("With pate: `pate predict --model <this folder> --input FILE` (one prediction per"
        + " input row, as CSV) and ").append(evaluateCommand(m.input()))
        .append(". From Java, with pate: `ReleasedModel.load(folder).predict(...)`. Without pate,"
        + " with DL4J alone: `ModelSerializer.restoreMultiLayerNetwork(\"student.zip\")`, then"
        + " `network.output(rows)`, where each row is ").append(inputInWords(m.input()))
        .append("; the outputs are the probabilities of the classes in the order above.\n");
    return b.toString();
  }

  /** The (epsilon, delta) of the guarantee, in words. */
  private static String guarantee(ReleaseManifest.Privacy p) {
    return "(epsilon " + digits(p.epsilon()) + String.format(Locale.ROOT, ", delta %.0e)",
        p.delta()) + "-differential privacy";
  }

  /** How to measure the model on labelled data of its kind: a table's labels are a column. */
  private static String evaluateCommand(ReleaseManifest.Input input) {
    return switch (input.kind()) {
      case ReleaseManifest.Input.TABLE -> "`pate evaluate --model <this folder> --input FILE`"
          + " (a CSV file of the same columns; its label column gives the labels)";
      case ReleaseManifest.Input.IMAGE -> "`pate evaluate --model <this folder> --input FILE"
          + " --labels FILE` (an image array and its labels), or `--input FOLDER` with one"
          + " sub-folder per class";
      default -> "`pate evaluate --model <this folder> --input FILE --labels FILE`";
    };
  }

  private static String inputInWords(ReleaseManifest.Input input) {
    return switch (input.kind()) {
      case ReleaseManifest.Input.IMAGE -> String.format(Locale.ROOT, "a %dx%d %s image as"
          + " %d floats (%s)", input.height(), input.width(),
          input.channels() != null && input.channels() == 3 ? "colour (red, green, blue planes)"
              : "greyscale", input.features(), input.scaling());
      case ReleaseManifest.Input.TABLE -> "a record of the table encoded as release.json's"
          + " input.table says (" + input.features() + " floats)";
      default -> input.features() + " floats";
    };
  }
}
