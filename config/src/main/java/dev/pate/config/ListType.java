package dev.pate.config;

import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A list of values of one type with a bounded number of entries. Each entry is checked and reported
 * on its own ({@code teachers.network.conv_filters[1]: 0 is not >= 1}).
 *
 * @param <E> the entry type
 */
final class ListType<E> implements ValueType<List<E>> {

  private final ValueType<E> entry;
  private final int minSize;
  private final int maxSize;

  /**
   * @param entry the type of each entry
   * @param minSize fewest entries allowed
   * @param maxSize most entries allowed ({@code Integer.MAX_VALUE} for no limit)
   */
  ListType(ValueType<E> entry, int minSize, int maxSize) {
    if (minSize < 0 || maxSize < minSize) {
      throw new IllegalArgumentException(
          "sizes: [" + minSize + ", " + maxSize + "] is not a valid size range");
    }
    this.entry = entry;
    this.minSize = minSize;
    this.maxSize = maxSize;
  }

  @Override
  public String typeName() {
    return "list of " + entry.typeName() + "s";
  }

  @Override
  public String allowed() {
    String size = sizeRange();
    String entries = size.isEmpty() || size.equals("non-empty") ? size : size + " entries";
    String each = entry.allowed().isEmpty() ? "" : "each " + entry.allowed();
    return entries.isEmpty() || each.isEmpty() ? entries + each : entries + ", " + each;
  }

  /** E.g. "1 to 4", "non-empty", "at least 2", or "" for any size. */
  private String sizeRange() {
    if (maxSize == Integer.MAX_VALUE) {
      return minSize == 0 ? "" : minSize == 1 ? "non-empty" : "at least " + minSize;
    }
    return minSize == maxSize ? Integer.toString(minSize) : minSize + " to " + maxSize;
  }

  @Override
  public String describe() {
    String size = sizeRange();
    String each = entry.allowed().isEmpty() ? "" : ", each " + entry.allowed();
    String plural = entry.typeName() + "s";
    if (size.isEmpty() || size.equals("non-empty")) {
      return "a " + (size.isEmpty() ? "" : "non-empty ") + "list of " + plural + each;
    }
    return "a list of " + size + " " + plural + each;
  }

  @Override
  public List<E> parse(Node node, Site site) {
    if (!(node instanceof SequenceNode sequence)) {
      site.report(Yamls.render(node) + " is not " + describe() + " (write lists like [1, 2])");
      return null;
    }
    List<Node> nodes = sequence.getValue();
    if (nodes.size() < minSize || nodes.size() > maxSize) {
      site.report(
          Yamls.render(node)
              + " has "
              + nodes.size()
              + (nodes.size() == 1 ? " entry" : " entries")
              + "; allowed: "
              + allowed());
      return null;
    }
    List<E> values = new ArrayList<>();
    boolean valid = true;
    for (int i = 0; i < nodes.size(); i++) {
      Node item = nodes.get(i);
      Site itemSite = site.element(i, item);
      E value = null;
      if (Yamls.isNull(item)) {
        itemSite.report("null is not " + entry.describe());
      } else {
        value = entry.parse(item, itemSite);
      }
      valid &= value != null;
      values.add(value);
    }
    return valid ? List.copyOf(values) : null;
  }

  @Override
  public Object toYaml(List<E> value) {
    return value.stream().map(entry::toYaml).toList();
  }

  @Override
  public String format(List<E> value) {
    return value.stream().map(entry::format).toList().toString();
  }
}
