/**
 * Per-record privacy budgets (individualized PATE, Boenisch et al., PoPETs 2023): privacy groups
 * with their own (epsilon, delta) budgets, the accounting a record of each group sees ({@link
 * dev.pate.aggregator.groups.ScaledSensitivityAccounting}), one Renyi filter per group ({@link
 * dev.pate.aggregator.groups.GroupAccountant}), planning the noise for every group's budget
 * ({@link dev.pate.aggregator.groups.GroupPlanner}) and weighted vote counts ({@link
 * dev.pate.aggregator.groups.WeightedVotes}).
 *
 * <p><b>Neighbours.</b> Two private data sets are neighbours when one record's content at one
 * position is replaced, or one record is appended or removed at the end; the record keeps its
 * group. A record of group g has an integer sensitivity multiplier {@code s_g >= 1}: upsampling
 * places it in {@code s_g} distinct teachers' partitions, weighting puts it in one teacher of
 * group g that votes with weight {@code s_g}. Either way changing it moves at most {@code s_g}
 * votes of the histogram: from one class to another, so the histogram moves by at most {@code
 * s_g sqrt 2} in L2 and its max count by at most {@code s_g}.
 *
 * <p><b>Why s^2.</b> The (discrete) Gaussian on a vector of L2 sensitivity Delta is {@code
 * (alpha, alpha Delta^2 / (2 sigma^2))}-RDP (Canonne-Kamath-Steinke 2020 for the discrete one,
 * with integer Delta; integer multipliers keep the histogram integer). With {@code Delta = s
 * sqrt 2} GNMax costs {@code alpha s^2 / sigma^2}, and the threshold check ({@code Delta = s})
 * {@code alpha s^2 / (2 sigma1^2)}: {@code s^2} times what a record of multiplier 1 pays. The
 * data-dependent bound (PATE 2018 Theorem 6) keeps q, a property of the actual votes and noise,
 * and takes the scaled RDP at its orders mu1, mu2. A record of group g is therefore charged the
 * base curve times {@code s_g^2}, and each group gets its own guarantee at its own delta.
 *
 * <p><b>Why the strictest group gets 1.</b> For a Gaussian curve of scale rho, epsilon is about
 * {@code 2 sqrt(rho log(1/delta)) + rho}, so a record paying {@code s^2 rho} spends about s times
 * the epsilon of a record paying rho. With {@code s_g = floor(epsilon_g / epsilon_min)} a record
 * of group g spends about {@code s_g} times what a record of the strictest group spends: as much
 * of its larger budget as a whole number of votes can use. The rho term grows as {@code s^2}, so
 * the noise is planned for every group together, not for the strictest alone. Only the ratios of
 * the multipliers matter: multiplying all of them by k multiplies every curve by {@code k^2} and
 * needs k times the noise for the same guarantees (and, under upsampling, k times the copies), so
 * the strictest group gets the smallest integer, 1, as a record in plain PATE.
 *
 * <p><b>Group membership.</b> A record changing its <i>group</i> is two neighbouring steps, its
 * removal and its addition under the other group, so what an adversary learns about one record's
 * group is bounded by the composition of the two groups' guarantees: in RDP, {@code curve_g +
 * curve_h} at every order.
 *
 * <p><b>Not supported.</b> LNMax (its pure-DP cost does not scale as {@code s^2}), multi-label
 * mechanisms, and the smooth-sensitivity release of the data-dependent epsilon ({@link
 * dev.pate.aggregator.groups.GroupAccountant#releaseRefusal}).
 */
package dev.pate.aggregator.groups;
