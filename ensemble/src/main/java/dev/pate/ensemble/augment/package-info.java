/**
 * Image augmentation for teachers ({@code teachers.augment}) and students: cheap geometric changes
 * that keep a digit's label, redrawn every epoch from a seeded generator so that a run is
 * reproducible. Works on the flat float rows the networks take, without copying more than the one
 * output array.
 */
package dev.pate.ensemble.augment;
