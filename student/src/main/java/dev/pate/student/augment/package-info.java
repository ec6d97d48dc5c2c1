/**
 * Image augmentation for the student: cheap geometric changes that keep a digit's label, redrawn
 * every epoch from a seeded generator so that a run is reproducible. Works on the flat float rows
 * the networks take, without copying more than the one output array.
 */
package dev.pate.student.augment;
