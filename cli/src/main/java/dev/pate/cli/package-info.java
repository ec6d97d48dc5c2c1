/**
 * The {@code pate} command line. It owns no privacy math and no training: it reads a run's YAML,
 * wires datasets, ensemble, aggregator and student together in that order, and writes the run
 * folder (config, votes, labels, teachers, report) atomically.
 */
package dev.pate.cli;
