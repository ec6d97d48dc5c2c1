package dev.pate.config;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Integers (32- or 64-bit) and finite floating-point numbers, with optional bounds and an extra
 * condition such as "odd". Only plain decimal notation is accepted: YAML 1.1 also reads {@code 010}
 * as octal 8, {@code 0x1F} as hex and {@code 1:30} as 90, which in a config file is far more likely
 * a mistake than an intention.
 *
 * @param <T> Integer, Long or Double
 */
final class NumberType<T extends Number> implements ValueType<T> {

  private static final Pattern DECIMAL_INTEGER = Pattern.compile("[-+]?(0|[1-9][0-9]*)");
  private static final Pattern DECIMAL_NUMBER =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  private final String name;
  private final boolean integral;
  private final Function<String, T> parser;
  private final Bound lower;
  private final Bound upper;
  private final Predicate<T> extra;
  private final String extraName;

  /** One end of the allowed interval. */
  private record Bound(double value, boolean inclusive) {}

  private NumberType(
      String name,
      boolean integral,
      Function<String, T> parser,
      Bound lower,
      Bound upper,
      Predicate<T> extra,
      String extraName) {
    this.name = name;
    this.integral = integral;
    this.parser = parser;
    this.lower = lower;
    this.upper = upper;
    this.extra = extra;
    this.extraName = extraName;
  }

  /** A 32-bit integer. */
  static NumberType<Integer> integer() {
    return new NumberType<>("integer", true, Integer::valueOf, null, null, null, null);
  }

  /** A 64-bit integer. */
  static NumberType<Long> longInteger() {
    return new NumberType<>("integer", true, Long::valueOf, null, null, null, null);
  }

  /** A finite double. */
  static NumberType<Double> number() {
    return new NumberType<>("number", false, Double::valueOf, null, null, null, null);
  }

  NumberType<T> atLeast(double bound) {
    return withLower(new Bound(bound, true));
  }

  NumberType<T> greaterThan(double bound) {
    return withLower(new Bound(bound, false));
  }

  /** Within {@code [low, high]} or {@code [low, high)}. */
  NumberType<T> between(double low, double high, boolean highInclusive) {
    return withLower(new Bound(low, true)).withUpper(new Bound(high, highInclusive));
  }

  /** Within {@code (low, high)}. */
  NumberType<T> strictlyBetween(double low, double high) {
    return withLower(new Bound(low, false)).withUpper(new Bound(high, false));
  }

  /** Also requires {@code condition}, described by an adjective such as {@code "odd"}. */
  NumberType<T> where(Predicate<T> condition, String adjective) {
    return new NumberType<>(name, integral, parser, lower, upper, condition, adjective);
  }

  private NumberType<T> withLower(Bound bound) {
    return new NumberType<>(name, integral, parser, bound, upper, extra, extraName);
  }

  private NumberType<T> withUpper(Bound bound) {
    return new NumberType<>(name, integral, parser, lower, bound, extra, extraName);
  }

  @Override
  public String typeName() {
    return name;
  }

  @Override
  public String allowed() {
    String range = range();
    if (extraName == null) {
      return range;
    }
    return range.isEmpty() ? extraName : extraName + ", " + range;
  }

  private String range() {
    if (lower != null && upper != null) {
      return "in "
          + (lower.inclusive() ? "[" : "(")
          + format(lower.value())
          + ", "
          + format(upper.value())
          + (upper.inclusive() ? "]" : ")");
    }
    if (lower != null) {
      return (lower.inclusive() ? ">= " : "> ") + format(lower.value());
    }
    if (upper != null) {
      return (upper.inclusive() ? "<= " : "< ") + format(upper.value());
    }
    return "";
  }

  @Override
  public String describe() {
    String kind = extraName == null ? name : extraName + " " + name;
    String article = "aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ";
    String range = range();
    return article + kind + (range.isEmpty() ? "" : " " + range);
  }

  @Override
  public T parse(Node node, Site site) {
    String rendered = Yamls.render(node);
    if (!(node instanceof ScalarNode scalar)) {
      site.report(rendered + " is not " + describe());
      return null;
    }
    Tag tag = scalar.getTag();
    String text = scalar.getValue().replace("_", "");
    T value;
    if (integral) {
      if (!Tag.INT.equals(tag)) {
        site.report(rendered + " is not " + describe());
        return null;
      }
      if (!DECIMAL_INTEGER.matcher(text).matches()) {
        // YAML 1.1 octal, hex, binary or sexagesimal: almost surely not what was meant.
        site.report(rendered + " is not a decimal integer");
        return null;
      }
      try {
        value = parser.apply(text);
      } catch (NumberFormatException tooLarge) {
        site.report(rendered + " is too large for " + describe());
        return null;
      }
    } else {
      if (!Tag.INT.equals(tag) && !Tag.FLOAT.equals(tag)) {
        site.report(rendered + " is not " + describe());
        return null;
      }
      if (!DECIMAL_NUMBER.matcher(text).matches()) {
        site.report(rendered + " is not a finite decimal number");
        return null;
      }
      value = parser.apply(text);
      if (Double.isInfinite(value.doubleValue())) {
        site.report(rendered + " is too large to be a finite number");
        return null;
      }
    }
    return check(value, rendered, site) ? value : null;
  }

  private boolean check(T value, String rendered, Site site) {
    double x = value.doubleValue();
    boolean aboveLower =
        lower == null || (lower.inclusive() ? x >= lower.value() : x > lower.value());
    boolean belowUpper =
        upper == null || (upper.inclusive() ? x <= upper.value() : x < upper.value());
    if (!aboveLower || !belowUpper) {
      site.report(rendered + " is not " + range());
      return false;
    }
    if (extra != null && !extra.test(value)) {
      site.report(rendered + " is not " + extraName);
      return false;
    }
    return true;
  }

  @Override
  public Object toYaml(T value) {
    return value;
  }

  @Override
  public String format(T value) {
    return integral ? value.toString() : format(value.doubleValue());
  }

  /** {@code 40} rather than {@code 40.0}; {@code 1.0E-5} as Java prints it otherwise. */
  static String format(double x) {
    if (x == Math.rint(x) && Math.abs(x) < 1e15) {
      return Long.toString((long) x);
    }
    return Double.toString(x);
  }
}
