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
 * @param instead a key whose value satisfies the requirement in place of {@code requiredKey}
 *     (privacy groups' budgets in place of the run's one budget), if any
 */
record Requirement(String key, String value, String requiredKey, String reason,
    java.util.Optional<String> instead) {}
