package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;

/** The key path and origin of a value being parsed, and where to report what is wrong with it. */
record Site(String path, Origin origin, Problems problems) {

  void report(String message) {
    problems.add(origin, path, message);
  }

  /** The site of the value under {@code key} of a mapping value. */
  Site entry(String key, Node node) {
    return new Site(path + "." + key, origin.at(node), problems);
  }

  /** The site of entry {@code index} of a list value. */
  Site element(int index, Node node) {
    return new Site(path + "[" + index + "]", origin.at(node), problems);
  }
}
