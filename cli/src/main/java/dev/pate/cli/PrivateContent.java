package dev.pate.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.report.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The private data a run's charges are for, by content: {@code pate ledger} composes the runs over
 * the same records, whatever file name they were read under, and never those over other records.
 *
 * @param sha256 the content hash ({@link Provenance.Private#sha256})
 * @param names what the data was read as: its files' names, or the private set's name for data
 *     given in code
 */
record PrivateContent(String sha256, List<String> names) {

  /** The first hex digits of the hash, enough to tell data sets apart in a table. */
  String shortHash() {
    return sha256.substring(0, Math.min(12, sha256.length()));
  }

  /**
   * The private data of the run in {@code folder}: from its teachers manifest, written before any
   * charge; for a manifest from before it recorded {@code private_data}, from the finished run's
   * report.json ({@code provenance.private.data}).
   */
  static PrivateContent of(Path folder, Path manifestFile, JsonNode manifest) {
    String setName = manifest.path("private_set").asText();
    JsonNode recorded = manifest.path("private_data");
    if (recorded.hasNonNull("sha256")) {
      return new PrivateContent(recorded.get("sha256").asText(),
          names(recorded.path("data"), setName));
    }
    Path report = folder.resolve("report.json");
    if (!Files.exists(report)) {
      throw new UserError(manifestFile + ": no private_data (written by an older pate) and the"
          + " run has no report.json: its charges cannot be attributed to private data by content");
    }
    JsonNode files = read(report).at("/provenance/private/data");
    List<String> hashes = new ArrayList<>();
    files.forEach(f -> hashes.add(f.path("sha256").asText()));
    if (hashes.isEmpty() || hashes.contains("")) {
      throw new UserError(report + ": no sha256 in provenance.private.data (and " + manifestFile
          + " has no private_data): its charges cannot be attributed to private data by content");
    }
    return new PrivateContent(Provenance.Private.content(hashes), names(files, setName));
  }

  private static List<String> names(JsonNode files, String setName) {
    List<String> names = new ArrayList<>();
    files.forEach(f -> names.add(f.path("file").asText()));
    return names.isEmpty() ? List.of(setName) : names;
  }

  private static JsonNode read(Path file) {
    try {
      return Json.mapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new UserError(file + ": not valid JSON (" + e.getOriginalMessage() + ")");
    } catch (IOException e) {
      throw new UserError(file + ": cannot read it (" + e.getMessage() + ")");
    }
  }
}
