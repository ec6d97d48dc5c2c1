package dev.pate.ensemble.nn;

import org.deeplearning4j.nn.layers.LayerHelper;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * Lets DL4J run convolutions and pooling through oneDNN (ND4J's {@code conv2d} and pooling ops,
 * which the {@code -onednn} natives implement with oneDNN) instead of its own im2col and matrix
 * products. Measured on the headline's teacher network, one native thread: about 5x the images
 * per second (TeacherThroughputBenchmark), at the same accuracy.
 *
 * <p>Two things stand in the way in DL4J 1.0.0-M2.1, and {@link #enable()} removes both: helpers
 * are off unless the system property {@value #HELPERS_DISABLED} is {@code false} (its default is
 * {@code true}), and DL4J's check that oneDNN is present looks for a class ND4J has since renamed
 * (the shim {@code org.nd4j.nativeblas.Nd4jCpu} answers for it). A helper that does not support a
 * layer's settings leaves that layer on DL4J's own path, per layer, as DL4J always did.
 *
 * <p>Called wherever pate builds or loads a network, before its layers are created (a layer picks
 * its helper when it is created). A user who sets the property themselves keeps their choice.
 */
public final class OneDnn {
  /** DL4J's switch for all layer helpers (cuDNN and oneDNN); DL4J reads it per layer. */
  public static final String HELPERS_DISABLED = "org.eclipse.deeplearning4j.helpers.disable";

  private OneDnn() {}

  /** Turns DL4J's layer helpers on for networks created from now on, unless the user chose. */
  public static void enable() {
    if (System.getProperty(HELPERS_DISABLED) == null) {
      System.setProperty(HELPERS_DISABLED, "false");
    }
  }

  /** How many of {@code net}'s layers run through a helper (oneDNN on the CPU). */
  public static int helpedLayers(MultiLayerNetwork net) {
    int helped = 0;
    for (var layer : net.getLayers()) {
      LayerHelper helper = layer.getHelper();
      helped += helper == null ? 0 : 1;
    }
    return helped;
  }
}
