package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;

/**
 * A value as given in the file or an override, not yet checked.
 *
 * @param node the YAML value; null or a YAML-null scalar for an explicit null
 * @param origin where it was given
 */
record Given(Node node, Origin origin) {}
