/**
 * Benchmarks: programs with a {@code main} that print numbers (the speed of the privacy analysis
 * and of teacher training, alone and next to PyTorch; students compared on the same labels), run by hand and never by {@code
 * mvn test}; each class's comment says how to run it.
 */
package dev.pate.benchmarks;
