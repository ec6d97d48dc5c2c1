/**
 * Multi-label networks: training with one sigmoid and binary cross-entropy per label, masking the
 * labels an example was not given, predicting label sets and the teachers' per-label 0/1 votes.
 */
package dev.pate.ensemble.multilabel;
