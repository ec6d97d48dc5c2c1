package dev.pate.config;

import dev.pate.fuzz.FuzzBudget;
import dev.pate.fuzz.FuzzFiles;
import dev.pate.fuzz.Mutations;
import dev.pate.fuzz.ReaderTry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The config loader on any bytes and on mutations of a real config file, with random override
 * lists (real and made-up keys, values of every YAML shape): every input gives a config or a
 * {@link ConfigException} listing its problems, in bounded time and allocation, and a run or study
 * file alike.
 */
@AddLifecycleHook(FuzzBudget.class)
class ConfigFuzzTest {
  /** SnakeYAML builds a node with its marks per token: a few kilobytes per input byte at most. */
  private static final int PER_BYTE = 4096;

  private static final String VALID = """
      name: mnist-quick
      seed: 1
      dataset: {name: mnist, query_pool: 600}
      teachers:
        count: 100
        network: {architecture: cnn, conv_filters: [16, 32], kernel: 5, dense: [128]}
      aggregator:
        mechanism: confident-gnmax
        threshold: 200
        queries: 500
        selection: active
      privacy: {delta: 1.0e-5, orders: [2, 100, 100], budget: {epsilon: 2.0}}
      student:
        augment: [shift]
        network: &net {architecture: mlp, dense: [64], dropout: 0.25, epochs: 2}
      sweep:
        aggregator.sigma1: [100, 150]
        seeds: [1, 2]
      """;

  /**
   * A study builds a config per point: {@code sweep.repeats=1000} rightly builds 1000 (about 60
   * KB each, transient), so a study may also allocate this much per point it may have, at most
   * {@link StudyLoader#MAX_POINTS}.
   */
  private static final long PER_POINT = 64 << 10;

  @Property
  void runConfigWithOverrides(@ForAll("yamlFiles") byte[] bytes,
      @ForAll("overrideLists") List<String> overrides) {
    load(bytes, overrides, 0, ConfigLoader::load);
  }

  @Property
  void studyWithOverrides(@ForAll("yamlFiles") byte[] bytes,
      @ForAll("overrideLists") List<String> overrides) {
    load(bytes, overrides, StudyLoader.MAX_POINTS * PER_POINT / PER_BYTE, StudyLoader::load);
  }

  private static void load(byte[] bytes, List<String> overrides, long extra,
      BiFunction<Path, List<String>, ?> loader) {
    Path file = FuzzFiles.write("exp.yaml", bytes);
    ReaderTry.of(bytes.length + overrides.toString().length() + extra, PER_BYTE,
        ConfigException.class).problemPerLine().run(() -> loader.apply(file, overrides));
  }

  @Provide
  Arbitrary<byte[]> yamlFiles() {
    return Arbitraries.oneOf(Mutations.anyBytes(256),
        Mutations.ofText(VALID, ":", " ", "\n", "\n  ", "- ", "[", "]", "{", "}", ",", "&a ",
            "*a", "*net", "!!java.io.File ", "!!binary ", "~", "null", "'", "\"", "#", "---\n",
            "? ", "|\n", "1e400", "-1", ".nan", "0x10", "\t", "\uFEFF", "sweep:\n", "name: x\n",
            "<<: *net\n"));
  }

  @Provide
  Arbitrary<List<String>> overrideLists() {
    List<String> keys = new ArrayList<>(ConfigSchema.keys().stream().map(ConfigKey::path)
        .toList());
    keys.addAll(List.of("sweep.seeds", "sweep.repeats", "sweep.teachers.count", "sweep.name",
        "teachers", "", ".", "a..b", "privacy.budget", "name.x", "sweep"));
    Arbitrary<String> values = Arbitraries.oneOf(
        Arbitraries.of("", "null", "~", "[1, 2]", "[]", "[", "{a: 1}", "-1", "0", "1e400", "abc",
            "0.5", "&a [1]", "*a", "!!java.io.File /", "x\ny", "gnmax", "auto", "true", "2",
            "[100, 100]", "'quoted", "1_000", ".5", "\u0000"),
        Arbitraries.strings().ofMaxLength(12));
    Arbitrary<String> override = Combinators.combine(Arbitraries.of(keys), values,
        Arbitraries.of("=", "=", "==", ":", "")).as((k, sep, v) -> k + v + sep);
    // (key, value, separator) in an order that also yields "key=value"
    Arbitrary<String> ordered = Combinators.combine(Arbitraries.of(keys),
        Arbitraries.of("=", "=", "==", ":", ""), values).as((k, sep, v) -> k + sep + v);
    return Arbitraries.oneOf(ordered, ordered, override).list().ofMaxSize(6);
  }
}
