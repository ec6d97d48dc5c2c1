/**
 * Renyi-DP of the Poisson-subsampled Gaussian mechanism, the privacy of DP-SGD (each example
 * enters a step's batch independently with probability q; the clipped gradient sum gets Gaussian
 * noise with standard deviation {@code noise multiplier x clipping norm}). {@link
 * dev.pate.aggregator.sgm.SubsampledGaussianRdp} mirrors dp_accounting's {@code
 * rdp_privacy_accountant._compute_rdp_poisson_subsampled_gaussian} (Mironov, Talwar, Zhang 2019,
 * "Renyi Differential Privacy of the Sampled Gaussian Mechanism"), so that PATE budgets can be
 * compared with DP-SGD budgets computed by the same RDP engine ({@code dev.pate.aggregator.rdp}).
 */
package dev.pate.aggregator.sgm;
