package dev.pate.ensemble.nn;

import java.util.Arrays;
import java.util.List;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.INDArrayIndex;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * Several trained networks of one built-in architecture joined side by side into one network that
 * predicts as their ensemble: every hidden layer K times as wide, member k's units the k-th block,
 * each block seeing only its own member's units of the layer before (the weights between members
 * are zero), and an output layer whose logits are the mean of the members' logits. Its softmax
 * is therefore the normalised geometric mean of the members' probabilities. One network, in
 * DL4J's own layers, so an ensemble of students is released, loaded and evaluated as one student
 * is.
 *
 * <p>Why the blocks line up: DL4J flattens a convolution's output channel by channel (NCHW), so
 * member k's channels, the k-th block of them, flatten into the k-th contiguous block of the
 * dense layer's inputs.
 */
public final class JoinedNetworks {
  private JoinedNetworks() {}

  /**
   * @param members trained networks built by {@link NetworkBuilder} from {@code settings} for
   *     {@code shape} and {@code numClasses}, single-label (softmax)
   * @return a fresh network of {@code settings} with every hidden layer {@code members.size()}
   *     times as wide, predicting as the mean of the members' logits
   * @throws IllegalArgumentException if a member's parameters are not of {@code settings}' shapes
   */
  public static MultiLayerNetwork of(List<MultiLayerNetwork> members, NetworkSettings settings,
      InputShape shape, int numClasses) {
    if (members.isEmpty()) {
      throw new IllegalArgumentException("members: none to join");
    }
    int k = members.size();
    // The seed and step count only initialise parameters that are all overwritten below.
    MultiLayerNetwork joined = NetworkBuilder.build(settings.widened(k), shape, numClasses, 1, 1);
    int last = joined.getnLayers() - 1;
    for (int l = 0; l <= last; l++) {
      Layer layer = joined.getLayer(l);
      if (layer.numParams() == 0) {
        continue; // pooling
      }
      INDArray weights = Nd4j.zerosLike(layer.getParam("W"));
      INDArray bias = Nd4j.zerosLike(layer.getParam("b"));
      boolean fromInput = l == 0;
      boolean output = l == last;
      // Convolution weights are [out, in, kh, kw], dense weights [in, out]: a member's outputs
      // are its block of the out axis, its inputs its block of the in axis, except where every
      // member reads the same input (the first layer) and at the output (every class).
      int outAxis = weights.rank() == 4 ? 0 : 1;
      int inAxis = 1 - outAxis;
      long[] memberShape = weights.shape().clone();
      if (!output) {
        memberShape[outAxis] /= k;
      }
      if (!fromInput) {
        memberShape[inAxis] /= k;
      }
      for (int m = 0; m < k; m++) {
        Layer member = members.get(m).getLayer(l);
        INDArray memberWeights = member.getParam("W");
        INDArray memberBias = member.getParam("b");
        if (!Arrays.equals(memberShape, memberWeights.shape())) {
          throw new IllegalArgumentException("members: layer " + l + " of member " + m + " has"
              + " weights " + Arrays.toString(memberWeights.shape()) + ", not "
              + Arrays.toString(memberShape) + " as these settings build it");
        }
        if (output) {
          // Every class reads each member's block, scaled so that the logits average (with no
          // hidden layer, every member reads the input: the weights' mean).
          (fromInput ? weights : weights.get(block(weights, inAxis, m, memberWeights)))
              .addi(memberWeights.div(k));
          bias.addi(memberBias.div(k));
        } else {
          INDArrayIndex[] at = block(weights, outAxis, m, memberWeights);
          if (!fromInput) {
            at[inAxis] = NDArrayIndex.interval(m * memberShape[inAxis],
                (m + 1) * memberShape[inAxis]);
          }
          weights.get(at).assign(memberWeights);
          bias.get(block(bias, bias.rank() - 1, m, memberBias)).assign(memberBias);
        }
      }
      layer.setParam("W", weights);
      layer.setParam("b", bias);
    }
    return joined;
  }

  /** Indices of member {@code m}'s block of {@code axis} in {@code wide}, all of the others. */
  private static INDArrayIndex[] block(INDArray wide, int axis, int m, INDArray member) {
    INDArrayIndex[] at = new INDArrayIndex[wide.rank()];
    for (int a = 0; a < at.length; a++) {
      at[a] = NDArrayIndex.all();
    }
    at[axis] = NDArrayIndex.interval(m * member.size(axis), (m + 1) * member.size(axis));
    return at;
  }
}
