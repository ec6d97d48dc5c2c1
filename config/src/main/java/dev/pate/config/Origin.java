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
 * @param folder the folder of the YAML file, where its relative data paths are looked up first
 *     (see {@link PathType}); null for overrides and for text that is not a file
 */
record Origin(String where, int line, boolean inFile, java.nio.file.Path folder) {

  static Origin file(String source) {
    return new Origin(source, 0, true, null);
  }

  /** A YAML file, whose relative data paths are looked up in its own folder first. */
  static Origin file(java.nio.file.Path yamlFile) {
    return new Origin(yamlFile.toString(), 0, true,
        yamlFile.toAbsolutePath().normalize().getParent());
  }

  static Origin override() {
    return new Origin("override", 0, false, null);
  }

  /** The same source, at the line where {@code node} starts (if the node belongs to the file). */
  Origin at(Node node) {
    if (!inFile || node == null || node.getStartMark() == null) {
      return this;
    }
    return new Origin(where, node.getStartMark().getLine() + 1, true, folder);
  }

  String location() {
    return line > 0 ? where + " line " + line : where;
  }
}
