/**
 * Generated data for end-to-end tests (a learnable CSV table, colour images in folders), shared
 * with the command line's tests through this module's test jar.
 */
package dev.pate.pipeline.testdata;
