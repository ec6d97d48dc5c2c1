package dev.pate.pipeline.settings;

import static java.util.Objects.requireNonNull;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.PublicSplit;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The data of a run: either your own data sets (any {@link Dataset}: the private set the teachers
 * share out, and the public set's query pool and held-out examples), or a built-in data set read
 * from the data directory ({@code mnist}, {@code fashion-mnist}), as the YAML block {@code
 * dataset} names one. Checked at construction, with messages that name the parameter.
 */
public final class DataSettings {
  private final Optional<Given> given;
  private final Optional<String> builtIn;
  private final int queryPool;
  private final OptionalInt privateLimit;
  private final Optional<Path> dataDir;

  /** Your own private set and public split. */
  private record Given(Dataset privateSet, PublicSplit publicSplit) {}

  private DataSettings(Optional<Given> given, Optional<String> builtIn, int queryPool,
      OptionalInt privateLimit, Optional<Path> dataDir) {
    if (queryPool < 1) {
      throw new IllegalArgumentException("queryPool: " + queryPool + " is not >= 1");
    }
    if (privateLimit.isPresent() && privateLimit.getAsInt() < 1) {
      throw new IllegalArgumentException("privateLimit: " + privateLimit.getAsInt()
          + " is not >= 1");
    }
    this.given = given;
    this.builtIn = builtIn;
    this.queryPool = queryPool;
    this.privateLimit = privateLimit;
    this.dataDir = dataDir;
  }

  /** Your own data: the teachers share out {@code privateSet}; queries come from the split's pool. */
  public static DataSettings of(Dataset privateSet, PublicSplit publicSplit) {
    return new DataSettings(Optional.of(new Given(requireNonNull(privateSet, "privateSet"),
        requireNonNull(publicSplit, "publicSplit"))), Optional.empty(), 9000,
        OptionalInt.empty(), Optional.empty());
  }

  /**
   * A built-in data set by its YAML name ({@code mnist}, {@code fashion-mnist}): training images
   * private, the first {@code queryPool} (9000) test images the query pool, the rest held out.
   */
  public static DataSettings builtIn(String name) {
    return new DataSettings(Optional.empty(), Optional.of(requireNonNull(name, "name")), 9000,
        OptionalInt.empty(), Optional.empty());
  }

  /** A built-in data set whose pool is its first {@code queryPool} public examples. */
  public DataSettings withQueryPool(int queryPool) {
    requireBuiltIn("queryPool");
    return new DataSettings(given, builtIn, queryPool, privateLimit, dataDir);
  }

  /** A built-in data set of which the teachers share only the first {@code limit} records. */
  public DataSettings withPrivateLimit(int limit) {
    requireBuiltIn("privateLimit");
    return new DataSettings(given, builtIn, queryPool, OptionalInt.of(limit), dataDir);
  }

  /** A built-in data set read from {@code dir} (default: $PATE_DATA_DIR, ./data, ../shared/data). */
  public DataSettings withDataDir(Path dir) {
    requireBuiltIn("dataDir");
    return new DataSettings(given, builtIn, queryPool, privateLimit,
        Optional.of(requireNonNull(dir, "dir")));
  }

  /** Your private set, when the data are your own. */
  public Optional<Dataset> privateSet() {
    return given.map(Given::privateSet);
  }

  /** Your public split, when the data are your own. */
  public Optional<PublicSplit> publicSplit() {
    return given.map(Given::publicSplit);
  }

  /** The built-in data set's name, when it is one. */
  public Optional<String> builtIn() {
    return builtIn;
  }

  int queryPool() {
    return queryPool;
  }

  OptionalInt privateLimit() {
    return privateLimit;
  }

  Optional<Path> dataDir() {
    return dataDir;
  }

  private void requireBuiltIn(String parameter) {
    if (given.isPresent()) {
      throw new IllegalArgumentException(parameter + ": only for a built-in data set; your own"
          + " data sets are used as given (split them yourself)");
    }
  }
}
