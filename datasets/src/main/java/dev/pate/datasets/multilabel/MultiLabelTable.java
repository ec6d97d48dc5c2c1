package dev.pate.datasets.multilabel;

import dev.pate.datasets.ImageShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable set of table rows whose features are already encoded as floats (as single-label
 * tables are, {@link dev.pate.datasets.csv.TableEncoding}), each with a label set read from the
 * table's 0/1 label columns.
 *
 * @param name e.g. {@code private.csv}
 * @param featureNames one name per encoded feature, e.g. {@code "colour=red"}
 * @param features {@code size * featureNames.size()} floats, row after row
 * @param labelMasks one bit mask per row: bit {@code j} set iff label {@code j} applies
 * @param labelNames the label columns, in bit order
 * @param sources for each row, its id ({@code file#record})
 */
public record MultiLabelTable(String name, List<String> featureNames, float[] features,
    int[] labelMasks, List<String> labelNames, List<List<String>> sources)
    implements MultiLabelExamples {

  public MultiLabelTable {
    Objects.requireNonNull(name, "name");
    featureNames = List.copyOf(featureNames);
    labelNames = List.copyOf(labelNames);
    sources = sources.stream().map(List::copyOf).toList();
    if (featureNames.isEmpty()) {
      throw new IllegalArgumentException("featureNames: empty, a row needs a feature");
    }
    MultiLabelImages.checkMasks(labelMasks, labelNames);
    if (features.length != (long) labelMasks.length * featureNames.size()
        || sources.size() != labelMasks.length) {
      throw new IllegalArgumentException("features, labelMasks, sources: not one row each");
    }
    features = features.clone();
    labelMasks = labelMasks.clone();
  }

  @Override
  public float[] features() {
    return features.clone();
  }

  @Override
  public int[] labelMasks() {
    return labelMasks.clone();
  }

  @Override
  public int size() {
    return labelMasks.length;
  }

  @Override
  public int labelMask(int index) {
    return labelMasks[index];
  }

  @Override
  public int featureCount() {
    return featureNames.size();
  }

  @Override
  public void featuresAsFloats(int index, float[] dst, int offset) {
    int width = featureNames.size();
    Objects.checkFromIndexSize(offset, width, dst.length);
    System.arraycopy(features, Math.multiplyExact(Objects.checkIndex(index, size()), width), dst,
        offset, width);
  }

  @Override
  public Optional<ImageShape> imageShape() {
    return Optional.empty();
  }

  @Override
  public MultiLabelTable subset(String subsetName, int[] indices) {
    int width = featureNames.size();
    float[] chosen = new float[Math.multiplyExact(indices.length, width)];
    int[] masks = new int[indices.length];
    List<List<String>> chosenSources = new ArrayList<>(indices.length);
    for (int i = 0; i < indices.length; i++) {
      featuresAsFloats(indices[i], chosen, i * width);
      masks[i] = labelMasks[indices[i]];
      chosenSources.add(sources.get(indices[i]));
    }
    return new MultiLabelTable(subsetName, featureNames, chosen, masks, labelNames,
        chosenSources);
  }
}
