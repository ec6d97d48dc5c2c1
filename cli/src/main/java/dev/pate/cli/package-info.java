/**
 * The {@code pate} command line. It owns no privacy math and no training: it reads a run's YAML,
 * wires datasets, ensemble, aggregator and student together in that order ({@code RunPipeline}),
 * and writes the run folder (config, votes, labels, teachers, report) atomically. Teachers come
 * from the teacher cache ({@code dev.pate.cli.cache}) when they were trained before. A study
 * ({@code pate sweep}) runs each point of its grid through the same pipeline ({@code
 * StudyRunner}), estimates its cost beforehand ({@code StudyPlanner}, {@code --dry-run}) and
 * presents its results ({@code dev.pate.cli.study}).
 */
package dev.pate.cli;
