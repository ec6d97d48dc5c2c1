package dev.pate.config;

/**
 * The description of one config section (a YAML block of keys), for docs and listings.
 *
 * @param path the dotted path, e.g. {@code "teachers.network"}
 * @param meaning what the section is for, one line
 */
public record ConfigSection(String path, String meaning) {}
