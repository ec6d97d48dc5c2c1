/**
 * Renyi differential privacy (RDP) bookkeeping: the orders tracked ({@link
 * dev.pate.aggregator.rdp.Orders}), a ledger that composes mechanisms by adding their RDP per
 * order ({@link dev.pate.aggregator.rdp.RdpLedger}), the RDP curves of basic mechanisms ({@link
 * dev.pate.aggregator.rdp.RdpCurves}) and the conversion of RDP to (epsilon, delta)-DP and back
 * ({@link dev.pate.aggregator.rdp.RdpConversions}), classic (Mironov 2017, as in the PATE papers)
 * or improved (as in dp_accounting). Every reported epsilon is an {@link
 * dev.pate.aggregator.rdp.EpsilonBound} stating its delta, order and conversion.
 */
package dev.pate.aggregator.rdp;
