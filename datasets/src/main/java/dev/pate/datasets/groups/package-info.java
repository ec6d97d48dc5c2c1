/**
 * Privacy groups (individualized PATE): which group each private record belongs to, read from a
 * CSV column, a per-record file or the image folders, checked before any teacher trains, and the
 * typed settings of a run's groups.
 */
package dev.pate.datasets.groups;
