package dev.pate.ensemble.nn;

import java.util.Collection;
import java.util.Map;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.CNN2DFormat;
import org.deeplearning4j.nn.conf.InputPreProcessor;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.conf.layers.LayerValidation;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToCnnPreProcessor;
import org.deeplearning4j.optimize.api.TrainingListener;
import org.deeplearning4j.util.ConvolutionUtils;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * DL4J's convolution for the first layer of a network, the one whose input is the data: it
 * trains its weights and bias exactly as {@link ConvolutionLayer} does, but computes no gradient
 * with respect to its input, which no layer below would use (the images are not trained). DL4J
 * computes that gradient for every convolution; for a first convolution of one input channel it
 * was the largest single item of a teacher's training step (oneDNN's backward-data pass).
 *
 * <p>Saved with a network (its class name is in the configuration's JSON), so pate's jars load a
 * saved teacher back. Only NCHW images: pate feeds images as rows of pixels, which the layer's
 * own {@link FlatImageInput} preprocessor shapes into NCHW.
 */
public final class InputConvolutionLayer extends ConvolutionLayer {
  private static final long serialVersionUID = 1L;

  /** For DL4J's JSON deserialisation; build one with {@link Builder}. */
  public InputConvolutionLayer() {}

  private InputConvolutionLayer(Builder builder) {
    super(builder);
  }

  @Override
  public Layer instantiate(NeuralNetConfiguration conf, Collection<TrainingListener> listeners,
      int layerIndex, INDArray layerParamsView, boolean initializeParams,
      DataType networkDataType) {
    LayerValidation.assertNInNOutSet("InputConvolutionLayer", getLayerName(), layerIndex,
        getNIn(), getNOut());
    InputConvolution layer = new InputConvolution(conf, networkDataType);
    layer.setListeners(listeners);
    layer.setIndex(layerIndex);
    layer.setParamsViewArray(layerParamsView);
    ParamInitializer initializer = initializer();
    Map<String, INDArray> params = initializer.init(conf, layerParamsView, initializeParams);
    layer.setParamTable(params);
    layer.setConf(conf);
    return layer;
  }

  // DL4J's (Lombok's) equals would take a ConvolutionLayer of the same fields for this layer:
  // they compute different things in backprop, so they are not equal.
  @Override
  public boolean equals(Object other) {
    return other instanceof InputConvolutionLayer && super.equals(other);
  }

  @Override
  public int hashCode() {
    return super.hashCode();
  }

  @Override
  protected boolean canEqual(Object other) {
    return other instanceof InputConvolutionLayer;
  }

  /**
   * DL4J's preprocessor for this input type, but for rows of pixels one that passes the absent
   * input gradient on as absent (DL4J's own would fail on it).
   */
  @Override
  public InputPreProcessor getPreProcessorForInputType(InputType inputType) {
    InputPreProcessor preProcessor = super.getPreProcessorForInputType(inputType);
    if (preProcessor instanceof FeedForwardToCnnPreProcessor rows) {
      return new FlatImageInput(rows.getInputHeight(), rows.getInputWidth(),
          rows.getNumChannels());
    }
    return preProcessor;
  }

  /** {@link ConvolutionLayer.Builder} that builds an {@link InputConvolutionLayer}. */
  public static final class Builder extends ConvolutionLayer.Builder {
    /** A kernel of these sizes (height, width), stride 1, no padding. */
    public Builder(int... kernelSize) {
      super(kernelSize);
    }

    @Override
    public InputConvolutionLayer build() {
      // What DL4J's Builder checks before it builds a ConvolutionLayer.
      ConvolutionUtils.validateConvolutionModePadding(convolutionMode, padding);
      ConvolutionUtils.validateCnnKernelStridePadding(kernelSize, stride, padding);
      if (dataFormat != CNN2DFormat.NCHW) {
        throw new IllegalArgumentException("dataFormat: " + dataFormat
            + " is not NCHW, the only layout InputConvolutionLayer computes gradients in");
      }
      return new InputConvolutionLayer(this);
    }
  }
}
