/** Benchmarks run by hand, not tests: pate's training speed, alone and next to PyTorch's. */
package dev.pate.benchmarks;
