/**
 * The student: the only model a PATE run releases. It learns from public images labelled by the
 * noisy aggregator (and, in later methods, from the unlabelled rest of the public pool), and is
 * evaluated on held-out public images that were never queried.
 */
package dev.pate.student;
