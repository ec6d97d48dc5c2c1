package dev.pate.pipeline.release;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MODEL_CARD.md says what is true of its own run (issue 30): the unit of privacy of its kind of
 * data, an evaluate command its kind of input takes, plain sentences, and the guarantee's epsilon
 * and delta, called weak above epsilon 10, never a promise that the data is safe whatever epsilon
 * is.
 */
class ModelCardTest {

  private static ReleaseManifest manifest(ReleaseManifest.Input input, String unit,
      double epsilon) {
    ReleaseManifest.Privacy privacy = new ReleaseManifest.Privacy(unit, "neighbours differ in"
        + " one record.", "gnmax", Map.of("sigma", 40.0), "discrete Gaussian", "secure", true,
        300, 280, 1e-5, epsilon, 8, "improved", "data-independent", "every query at its worst",
        Map.of("status", "not released"), dev.pate.pipeline.report.Reports.COMPOSITION, null,
        null, null);
    return new ReleaseManifest(ReleaseManifest.FORMAT, new ReleaseManifest.Model("student.zip",
        "DL4J", "00", "mlp", "supervised", false, null), input, List.of("a", "b"),
        new ReleaseManifest.Evaluation(100, 0.9, "rows 0:100", null), privacy, null);
  }

  private static final ReleaseManifest.Input IMAGE = new ReleaseManifest.Input(
      ReleaseManifest.Input.IMAGE, 4, 2, 2, 1, ReleaseManifest.Input.IMAGE_SCALING, null, null,
      null);

  private static final ReleaseManifest.Input TABLE = new ReleaseManifest.Input(
      ReleaseManifest.Input.TABLE, 3, null, null, null, "encoded", new ReleaseManifest.Table(
          null, ",", "income", null, List.of(), List.of(), List.of(), List.of(), "drop", 10,
          List.of()), null, null);

  @Test
  void anImageCardNamesImagesAsItsUnitAndATableCardTakesItsLabelsFromTheFile() {
    String image = ModelCard.text(manifest(IMAGE, "one record of the private data: an image of"
        + " the private set", 2), "shapes");
    assertFalse(image.contains("private CSV"), image);
    assertTrue(image.contains("--labels FILE"), image);
    String table = ModelCard.text(manifest(TABLE, "one record of the private data: a row of the"
        + " private CSV file", 2), "adult");
    assertFalse(table.contains("--labels"), table);
    assertTrue(table.contains("label column"), table);
  }

  @Test
  void theCardStatesEpsilonAndDeltaAndCallsAGuaranteeAbove10Weak() {
    String strong = ModelCard.text(manifest(IMAGE, "an image", 2), "x");
    assertTrue(strong.contains("(epsilon 2, delta 1e-05)-differential privacy"), strong);
    assertFalse(strong.contains("weak"), strong);
    assertFalse(strong.contains("without exposing"), strong);
    String weak = ModelCard.text(manifest(IMAGE, "an image", 198), "x");
    assertTrue(weak.contains("(epsilon 198, delta 1e-05)"), weak);
    assertTrue(weak.contains("**The guarantee is weak**"), weak);
    assertFalse(weak.contains("without exposing"), weak);
  }

  /** Issue 30, privacy legible: every card says what its epsilon means, with references. */
  @Test
  void everyCardExplainsItsEpsilonInPlainWords() {
    String card = ModelCard.text(manifest(IMAGE, "an image", 4), "x");
    assertTrue(card.contains("**Privacy in plain words.**"), card);
    assertTrue(card.contains("Here epsilon is 4, so the factor is 55."), card);
    assertTrue(card.contains("except with a small probability delta (here 1e-05)"), card);
    assertTrue(card.contains("Dwork & Roth") && card.contains("Wood et al.")
        && card.contains("docs/privacy-in-plain-words.md"), card);
    String weak = ModelCard.text(manifest(IMAGE, "an image", 198), "x");
    assertTrue(weak.contains("so the factor is about 10^86."), weak);
    // Never simply "differentially private": the first sentence says the guarantee is weak.
    assertTrue(weak.contains("-differential privacy, a weak guarantee."), weak);
  }

  @Test
  void theCompositionSentenceReadsAsASentence() {
    String card = ModelCard.text(manifest(IMAGE, "an image", 2), "x");
    assertFalse(card.contains(": this run alone:"), card);
    assertTrue(card.contains("Other releases of the same private data are not covered either:"
        + " the guarantee covers this run alone"), card);
  }
}
