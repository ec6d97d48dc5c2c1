/**
 * Where teachers are trained and vote ({@code teachers.executor}): the {@link
 * dev.pate.pipeline.backend.TeacherBackend} seam between the teacher cache, which decides what is
 * missing and keeps the files, and what trains: this JVM ({@code local}) or another module's
 * backend found through {@link java.util.ServiceLoader} ({@code spark}, module {@code spark}).
 */
package dev.pate.pipeline.backend;
