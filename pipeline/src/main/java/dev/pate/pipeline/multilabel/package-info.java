/**
 * A multi-label run: label-set queries on multi-digit canvases answered by a multi-label
 * mechanism, charged to the ledger, a sigmoid student, and its report.
 */
package dev.pate.pipeline.multilabel;
