/**
 * What a running pipeline tells the program that runs it: {@link
 * dev.pate.pipeline.progress.PipelineListener} hears each {@link dev.pate.pipeline.progress.Stage}
 * start, step and finish; a package of its own that the root package and its machinery
 * (labelling, cache, baseline) all depend on, so neither depends on the other through it.
 */
package dev.pate.pipeline.progress;
