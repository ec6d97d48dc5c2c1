package dev.pate.config;

/**
 * A check between two numeric keys, usually of different sections: {@code key <= limitKey}.
 *
 * @param key the key whose value must not exceed the limit
 * @param limitKey the key holding the limit (the check is skipped when it is absent)
 * @param reason why, for the message
 */
record CrossCheck(String key, String limitKey, String reason) {}
