/**
 * What a study shows: one {@link dev.pate.study.StudyRow} per point (read back from the
 * point's report.json, so finished and resumed points are treated alike), written as {@code
 * results.csv}, drawn as PNG plots with XChart (label accuracy against noise, one line per teacher
 * count; epsilon against queries answered; student accuracy against epsilon) and put together in a
 * self-contained {@code report.html}. Plain presentation: the runs themselves are in {@code
 * dev.pate.cli}.
 */
package dev.pate.study;
