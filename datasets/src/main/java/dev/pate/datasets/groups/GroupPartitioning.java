package dev.pate.datasets.groups;

/**
 * How the records of privacy groups are dealt to the teachers (Boenisch et al., PoPETs 2023). The
 * accounting names the same choice in {@code dev.pate.aggregator.groups}; this module cannot see
 * that one, and the partitions need only this.
 */
public enum GroupPartitioning {
  /** A record of group g goes to c_g distinct teachers of one ensemble. */
  UPSAMPLING,
  /** Each group has teachers of its own; a teacher of group g votes with weight w_g. */
  WEIGHTING
}
