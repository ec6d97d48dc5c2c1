/**
 * The {@code pate} command line: picocli commands that parse arguments, call the public API of
 * the other modules as any program would ({@code PatePipeline} for {@code run}, {@code
 * StudyRunner} for {@code sweep}, {@code VoteAnalysis} for {@code analyze}, the planner for {@code
 * plan}, ledgers for {@code ledger}) and print to the console ({@link dev.pate.cli.ConsoleListener}
 * draws the progress bars). It draws no noise, charges no accountant, writes no ledger and trains
 * no network. Bad input from any module becomes one line and exit code 2 ({@link
 * dev.pate.cli.Errors}).
 */
package dev.pate.cli;
