/**
 * Teachers that start from convolutions learned on the unlabelled public pool (self-supervised,
 * no label and no private record read), so that a few hundred private images go further.
 */
package dev.pate.ensemble.pretrain;
