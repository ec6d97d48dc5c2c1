package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No module has a package cycle: within each module's {@code src/main/java}, the packages and the
 * references between them (imports, static imports, wildcard imports and fully qualified names of
 * the module's own types, comments and string literals left out) form a graph without cycles. A
 * cycle means two packages that cannot be understood, tested or moved one without the other.
 *
 * <p>Read from the source tree (every module beside this one), so it covers modules this one does
 * not depend on.
 */
class PackageCyclesTest {
  private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;",
      Pattern.MULTILINE);
  private static final Pattern WILDCARD_IMPORT =
      Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\.\\*\\s*;", Pattern.MULTILINE);
  private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
      "/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])+'",
      Pattern.DOTALL);

  @Test
  void noModuleHasAPackageCycle() throws IOException {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    List<Path> modules;
    try (Stream<Path> dirs = Files.list(root)) {
      modules = dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().toList();
    }
    assertTrue(modules.size() >= 10, "expected the project's modules under " + root.toAbsolutePath()
        + ", found " + modules);

    List<String> cycles = new ArrayList<>();
    int packages = 0;
    for (Path module : modules) {
      Map<String, String> sources = sources(module.resolve("src/main/java"));
      Graph graph = Graph.of(sources);
      packages += graph.edges.size();
      for (Set<String> cycle : graph.cycles()) {
        cycles.add(module.getFileName() + ": " + cycle + "\n" + graph.describe(cycle));
      }
    }
    assertTrue(packages >= 40, "expected the project's packages, found " + packages);
    if (!cycles.isEmpty()) {
      fail("package cycles (move the shared type down, or invert the dependency):\n"
          + String.join("\n", cycles));
    }
  }

  /** The detector itself: a two-package cycle is found, a chain is not, a comment is no edge. */
  @Test
  void findsACycleAndOnlyACycle() {
    Map<String, String> cycle = Map.of(
        "a/A.java", "package p.a;\nimport p.b.B;\nclass A {}",
        "b/B.java", "package p.b;\nclass B { p.a.A a; }");
    assertEquals(List.of(new TreeSet<>(Set.of("p.a", "p.b"))), Graph.of(cycle).cycles());

    Map<String, String> chain = Map.of(
        "a/A.java", "package p.a;\nimport p.b.B;\nclass A {}",
        "b/B.java",
        "package p.b;\n/** Used by {@link p.a.A}. */\nclass B { String s = \"p.a.A\"; }");
    assertEquals(List.of(), Graph.of(chain).cycles());

    Map<String, String> wildcard = Map.of(
        "a/A.java", "package p.a;\nimport p.b.*;\nclass A {}",
        "b/B.java", "package p.b;\nimport p.a.A;\nclass B {}");
    assertEquals(1, Graph.of(wildcard).cycles().size());
  }

  /** Every .java file under {@code dir}, by path, with its text. */
  private static Map<String, String> sources(Path dir) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
        try {
          out.put(dir.relativize(f).toString(), Files.readString(f));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return out;
  }

  /** Packages of one module and which of them references which, with an example per edge. */
  private static final class Graph {
    final Map<String, Map<String, String>> edges = new TreeMap<>();

    static Graph of(Map<String, String> sources) {
      Map<String, String> packageOf = new HashMap<>();
      Map<String, Set<String>> typesOf = new HashMap<>();
      for (var e : sources.entrySet()) {
        Matcher m = PACKAGE.matcher(e.getValue());
        String pkg = m.find() ? m.group(1) : "";
        packageOf.put(e.getKey(), pkg);
        String name = Path.of(e.getKey()).getFileName().toString().replace(".java", "");
        if (!name.equals("package-info")) {
          typesOf.computeIfAbsent(pkg, p -> new TreeSet<>()).add(name);
        }
      }
      Graph graph = new Graph();
      packageOf.values().forEach(p -> graph.edges.computeIfAbsent(p, k -> new TreeMap<>()));
      for (var e : sources.entrySet()) {
        String from = packageOf.get(e.getKey());
        String code = COMMENTS_AND_STRINGS.matcher(e.getValue()).replaceAll(" ");
        Matcher wildcard = WILDCARD_IMPORT.matcher(code);
        while (wildcard.find()) {
          if (typesOf.containsKey(wildcard.group(1)) && !wildcard.group(1).equals(from)) {
            graph.edges.get(from).putIfAbsent(wildcard.group(1), e.getKey() + " imports .*");
          }
        }
        for (var target : typesOf.entrySet()) {
          if (target.getKey().equals(from)) {
            continue;
          }
          for (String type : target.getValue()) {
            String qualified = target.getKey() + "." + type;
            if (Pattern.compile("\\b" + Pattern.quote(qualified) + "\\b").matcher(code).find()) {
              graph.edges.get(from).putIfAbsent(target.getKey(), e.getKey() + " uses " + type);
            }
          }
        }
      }
      return graph;
    }

    /** The strongly connected components of more than one package (Tarjan). */
    List<Set<String>> cycles() {
      Map<String, Integer> index = new HashMap<>();
      Map<String, Integer> low = new HashMap<>();
      Deque<String> stack = new ArrayDeque<>();
      List<Set<String>> out = new ArrayList<>();
      for (String p : edges.keySet()) {
        if (!index.containsKey(p)) {
          connect(p, index, low, stack, out);
        }
      }
      return out;
    }

    private void connect(String v, Map<String, Integer> index, Map<String, Integer> low,
        Deque<String> stack, List<Set<String>> out) {
      index.put(v, index.size());
      low.put(v, index.get(v));
      stack.push(v);
      for (String w : edges.get(v).keySet()) {
        if (!index.containsKey(w)) {
          connect(w, index, low, stack, out);
          low.put(v, Math.min(low.get(v), low.get(w)));
        } else if (stack.contains(w)) {
          low.put(v, Math.min(low.get(v), index.get(w)));
        }
      }
      if (low.get(v).equals(index.get(v))) {
        Set<String> component = new TreeSet<>();
        String w;
        do {
          w = stack.pop();
          component.add(w);
        } while (!w.equals(v));
        if (component.size() > 1) {
          out.add(component);
        }
      }
    }

    /** The edges inside {@code cycle}, one line each with the file that makes it. */
    String describe(Set<String> cycle) {
      StringBuilder text = new StringBuilder();
      for (String from : cycle) {
        edges.get(from).forEach((to, example) -> {
          if (cycle.contains(to)) {
            text.append("  ").append(from).append(" -> ").append(to).append(" (").append(example)
                .append(")\n");
          }
        });
      }
      return text.toString();
    }
  }
}
