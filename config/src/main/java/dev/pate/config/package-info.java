/**
 * Run configuration: YAML files (plus {@code key.path=value} overrides) into typed, immutable,
 * checked records.
 *
 * <p>Entry points: {@link dev.pate.config.ConfigLoader} reads and checks a file into a {@link
 * dev.pate.config.RunConfig} (a tree of small records: dataset, teachers, aggregator, privacy,
 * student, output, with a {@link dev.pate.config.NetworkConfig} for teachers and student), or
 * throws a {@link dev.pate.config.ConfigException} listing every problem with file, line, key path,
 * bad value and what is allowed. {@link dev.pate.config.ConfigWriter} writes a resolved config back
 * (the run folder's {@code config.yaml}); {@link dev.pate.config.ConfigSchema} lists every key for
 * docs and help, and {@link dev.pate.config.ConfigReference} generates docs/configuration.md from it.
 * {@link dev.pate.config.StudyLoader} reads a study: a run file with a {@code sweep} section,
 * expanded into a {@link dev.pate.config.Study} of points, each an ordinary checked {@code
 * RunConfig} (the file plus the point's values, loaded like overrides). Choice-valued keys are
 * enums implementing {@link dev.pate.config.Choice}, whose {@code id()} is the YAML spelling,
 * except {@code aggregator.mechanism}, whose choices are the kinds of the one mechanism type
 * ({@link dev.pate.aggregator.mechanism.Mechanism.Kind}), not a mirror of them.
 *
 * <p>Design: every key is declared once, next to the record component it fills, as a {@code Key}
 * with its YAML name, {@code ValueType} (type plus allowed range), default, optional condition
 * ("used when aggregator.mechanism is gnmax", possibly with more clauses), optional refusal ("not
 * allowed when aggregator.noise is auto") and one-line meaning; a {@code Requirement} makes a key
 * of one section required by another's value (privacy.budget.epsilon under aggregator.noise: auto).
 * Parsing, validation, defaults, override handling, writing and the key listing all derive from
 * these declarations, so a key cannot be added to one of them and forgotten in another.
 *
 * <p>Loading runs in stages: SnakeYAML composes the file into a node tree (never Java objects, so
 * YAML tags cannot instantiate classes; aliases are capped), {@code TreeReader} collects the value
 * node of each key path and reports unknown or duplicate keys, {@code Overrides} replaces values
 * from the command line, and {@code Resolution} parses, checks and builds the records, then runs
 * the checks that span sections. Checks that need the data itself (more teachers than training
 * images) belong to the code that loads the data.
 */
package dev.pate.config;
