/**
 * A small thread-safe console progress bar ({@link dev.pate.datasets.progress.ProgressBar}), used
 * for dataset downloads and for teacher training ("teachers done / total and ETA"). On a terminal
 * it redraws one line with carriage returns; in logs (CI) it prints a line about every 10%.
 */
package dev.pate.datasets.progress;
