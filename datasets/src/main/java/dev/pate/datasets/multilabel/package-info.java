/**
 * Multi-label data: images whose targets are label sets (multi-hot), and the generated
 * multi-digit MNIST benchmark (two or three digits side by side, the label set being the digits
 * present).
 */
package dev.pate.datasets.multilabel;
