package dev.pate.ensemble.nn;

import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToCnnPreProcessor;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.shade.jackson.annotation.JsonCreator;
import org.nd4j.shade.jackson.annotation.JsonProperty;

/**
 * DL4J's reshape of rows of pixels into [n, channels, height, width] images, in front of an
 * {@link InputConvolutionLayer}: that layer computes no gradient for its input, and this
 * preprocessor passes the absent gradient back as absent, where DL4J's own would fail on it.
 */
public final class FlatImageInput extends FeedForwardToCnnPreProcessor {
  private static final long serialVersionUID = 1L;

  /** Rows of {@code numChannels x inputHeight x inputWidth} pixels, channel by channel. */
  @JsonCreator
  public FlatImageInput(@JsonProperty("inputHeight") long inputHeight,
      @JsonProperty("inputWidth") long inputWidth,
      @JsonProperty("numChannels") long numChannels) {
    super(inputHeight, inputWidth, numChannels);
  }

  @Override
  public INDArray backprop(INDArray epsilons, int miniBatchSize, LayerWorkspaceMgr workspaceMgr) {
    return epsilons == null ? null : super.backprop(epsilons, miniBatchSize, workspaceMgr);
  }

  @Override
  public FlatImageInput clone() {
    return (FlatImageInput) super.clone();
  }

  // As InputConvolutionLayer's: DL4J's (Lombok's) equals would take DL4J's preprocessor of the
  // same shape for this one.
  @Override
  public boolean equals(Object other) {
    return other instanceof FlatImageInput && super.equals(other);
  }

  @Override
  public int hashCode() {
    return super.hashCode();
  }

  @Override
  protected boolean canEqual(Object other) {
    return other instanceof FlatImageInput;
  }
}
