package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;

/**
 * Where a config value came from, for error messages: a line of the YAML file, the file as a whole
 * (a default, or a value derived from the file name), or a command-line override.
 *
 * @param where the source name ({@code "exp.yaml"}) or {@code "override"}
 * @param line 1-based line in the file, or 0 when unknown
 * @param inFile whether node marks refer to lines of the file (false for overrides, whose values
 *     are parsed from their own little YAML text)
 */
record Origin(String where, int line, boolean inFile) {

  static Origin file(String source) {
    return new Origin(source, 0, true);
  }

  static Origin override() {
    return new Origin("override", 0, false);
  }

  /** The same source, at the line where {@code node} starts (if the node belongs to the file). */
  Origin at(Node node) {
    if (!inFile || node == null || node.getStartMark() == null) {
      return this;
    }
    return new Origin(where, node.getStartMark().getLine() + 1, true);
  }

  String location() {
    return line > 0 ? where + " line " + line : where;
  }
}
