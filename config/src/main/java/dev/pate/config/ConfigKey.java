package dev.pate.config;

/**
 * The description of one config key, for docs and {@code --help}-style listings.
 *
 * @param path the dotted key path, e.g. {@code "aggregator.gamma"}
 * @param type the value type: {@code integer}, {@code number}, {@code string}, {@code path}, {@code
 *     choice}, {@code list of integers}, ...
 * @param allowed the allowed values beyond the type, e.g. {@code "> 0"} or {@code "lnmax, gnmax,
 *     confident-gnmax"}; empty when any value of the type is allowed
 * @param defaultValue the default as YAML text ({@code "0.05"}, {@code "[16, 32]"}), {@code "null"}
 *     for a key that is absent unless given, or a description such as {@code "the file's base
 *     name"}
 * @param usedWhen when the key is used, e.g. {@code "aggregator.mechanism is lnmax"}; empty when
 *     always
 * @param meaning what the key does, one line
 */
public record ConfigKey(
    String path,
    String type,
    String allowed,
    String defaultValue,
    String usedWhen,
    String meaning) {

  /**
   * One line, e.g. {@code aggregator.gamma: number (> 0), default 0.05, used when
   * aggregator.mechanism is lnmax. LNMax: Laplace noise ...}.
   */
  @Override
  public String toString() {
    return path
        + ": "
        + type
        + (allowed.isEmpty() ? "" : " (" + allowed + ")")
        + ", default "
        + defaultValue
        + (usedWhen.isEmpty() ? "" : ", used when " + usedWhen)
        + ". "
        + meaning;
  }
}
