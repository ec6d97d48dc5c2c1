/**
 * Which queries are asked and how they are answered. {@link
 * dev.pate.pipeline.labelling.QueryRounds} runs the rounds: a {@link
 * dev.pate.pipeline.labelling.QuerySelector} (first, random, or active with interim students that
 * read only public images and released answers) chooses pool images, the teachers vote on them,
 * votes.csv records them, and the {@link dev.pate.pipeline.labelling.LabellingSession} answers them
 * through the ledger's labeller. {@link dev.pate.pipeline.labelling.RunRecord} is what a run
 * recorded before (its ledger and votes.csv), verified before anything expensive runs. {@link
 * dev.pate.pipeline.labelling.RunNoise} is the noise a run
 * labels with (the config's, or planned a priori from the budget); {@link
 * dev.pate.pipeline.labelling.Mechanisms} turns a config into the aggregator and its accounting.
 */
package dev.pate.pipeline.labelling;
