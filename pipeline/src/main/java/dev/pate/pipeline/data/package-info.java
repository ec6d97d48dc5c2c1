/**
 * A run's data: the built-in image datasets or the CSV tables a config's {@code dataset} section
 * names, or data given in code, as one {@link dev.pate.pipeline.data.RunData} (private set, public
 * split, and what the report says about them). The one place that tells images from tables.
 */
package dev.pate.pipeline.data;
