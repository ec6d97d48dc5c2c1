package dev.pate.ensemble.nn;

import java.util.Map;
import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToCnnPreProcessor;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.activations.impl.ActivationReLU;

/**
 * A network in DL4J's own classes only, for a file that is read without pate (the released
 * student: "ModelSerializer.restoreMultiLayerNetwork loads it with DL4J alone"). pate's layers
 * are DL4J's with a cheaper backward pass and the same forward pass, so the copy predicts exactly
 * as the original: {@link InputConvolutionLayer} becomes DL4J's {@code ConvolutionLayer},
 * {@link FlatImageInput} DL4J's {@code FeedForwardToCnnPreProcessor}, {@link ReluActivation}
 * DL4J's {@code ActivationReLU}.
 */
public final class PlainDl4j {
  /** Each of pate's classes and the DL4J class it is, as named in a configuration's JSON. */
  private static final Map<String, String> DL4J_CLASS = Map.of(
      InputConvolutionLayer.class.getName(), ConvolutionLayer.class.getName(),
      FlatImageInput.class.getName(), FeedForwardToCnnPreProcessor.class.getName(),
      ReluActivation.class.getName(), ActivationReLU.class.getName());

  private PlainDl4j() {}

  /**
   * A copy of {@code net} (configuration and parameters; no updater state) whose configuration
   * names DL4J's classes in place of pate's.
   *
   * @throws IllegalStateException if the configuration still names a class of this package (one
   *     added here without its DL4J counterpart: the copy would not load without pate)
   */
  public static MultiLayerNetwork copyOf(MultiLayerNetwork net) {
    String json = net.getLayerWiseConfigurations().toJson();
    for (var pateToDl4j : DL4J_CLASS.entrySet()) {
      json = json.replace('"' + pateToDl4j.getKey() + '"', '"' + pateToDl4j.getValue() + '"');
    }
    String ours = '"' + PlainDl4j.class.getPackageName() + '.';
    int left = json.indexOf(ours);
    if (left >= 0) {
      throw new IllegalStateException("the network's configuration names "
          + json.substring(left, json.indexOf('"', left + 1) + 1)
          + ", which has no DL4J counterpart in PlainDl4j");
    }
    MultiLayerNetwork plain = new MultiLayerNetwork(MultiLayerConfiguration.fromJson(json));
    plain.init(net.params().dup(), false);
    return plain;
  }
}
