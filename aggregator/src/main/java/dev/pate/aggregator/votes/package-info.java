/**
 * Teacher vote counts as analysed by the privacy engine: {@link dev.pate.aggregator.votes.VoteMatrix}
 * (queries x classes, immutable and validated) and readers for the files it comes from, the
 * NumPy {@code .npy} files the PATE 2018 authors published and the {@code votes.csv} a labelling
 * run writes. Plain Java, no dependencies; every malformed input is reported as a one-line
 * {@link dev.pate.files.UserError} naming the file, the place and what was
 * expected.
 */
package dev.pate.aggregator.votes;
