package dev.pate.config;

/**
 * A key of one section that another section's setting makes required: when {@code key} has {@code
 * value}, {@code requiredKey} must be given (for example {@code privacy.budget.epsilon} when {@code
 * aggregator.noise} is {@code auto}).
 *
 * @param key the key whose value triggers the requirement
 * @param value that value, as written in YAML
 * @param requiredKey the key that must then have a value
 * @param reason why, for the message
 */
record Requirement(String key, String value, String requiredKey, String reason) {}
