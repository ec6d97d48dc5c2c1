package dev.pate.pipeline.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** JSON with snake_case keys, as in every file pate writes. */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
    }
  }

  /**
   * Reads a file pate wrote. A file that is not what it should be (edited, or from another version)
   * is a one-line user error naming it.
   */
  public static <T> T read(Path file, Class<T> type) {
    try {
      return MAPPER.readValue(file.toFile(), type);
    } catch (JsonProcessingException e) {
      throw new UserError(file + ": not a valid " + type.getSimpleName() + " file: "
          + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
