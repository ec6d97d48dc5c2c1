/**
 * How pate writes and hashes files, in one place so that every module does it the same way:
 * {@link dev.pate.files.Sha256} (the one SHA-256 helper), {@link dev.pate.files.AtomicFiles}
 * (a file appears whole or not at all, and survives a crash once written) and {@link
 * dev.pate.files.FileModes} (the permission policy: what a run writes is the data owner's private
 * record, owner-only; only a release is made readable by others), with {@link
 * dev.pate.files.UserError} (the one type for bad input) and {@link dev.pate.files.DpPreconditions}
 * (the one place for argument checks). Plain Java with no dependency,
 * so that {@code datasets}, {@code ensemble}, {@code ledger} and everything above them can use it
 * without a cycle.
 */
package dev.pate.files;
