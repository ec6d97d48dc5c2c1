/**
 * Programs that use pate as a library, through its public API only (the tests run them and check
 * their imports).
 */
package dev.pate.examples;
