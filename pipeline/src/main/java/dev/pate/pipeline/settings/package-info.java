/**
 * The typed settings of a run built in Java, each checked at construction, and their one
 * translation into the run's config record (the record of what was asked).
 */
package dev.pate.pipeline.settings;
