/** The metrics users of multi-label models read: per-label accuracy, micro and macro F1, label-set accuracy. */
package dev.pate.student.multilabel;
