package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The README is a front page and docs/ the manual (issue 25): every link between them resolves,
 * every page is linked from the README and says first what it is for, and the module and package
 * tables name exactly what the source tree has.
 */
class DocsTest {
  private static final Path ROOT = Path.of(System.getProperty("pate.repo.root", ".."))
      .toAbsolutePath().normalize();
  private static final Path README = ROOT.resolve("README.md");
  private static final Path DOCS = ROOT.resolve("docs");
  /** "At most 15 KB": a front page, not a manual. */
  private static final int README_MAX_BYTES = 15_000;

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(README);
    try (Stream<Path> docs = Files.list(DOCS)) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  @Test
  void everyLinkAndAnchorResolves() throws IOException {
    List<Path> pages = pages();
    int links = pages.stream().mapToInt(p -> MarkdownLinks.links(p).size()).sum();
    assertTrue(links >= 50, "links found: " + links);
    List<String> problems = MarkdownLinks.problems(ROOT, pages);
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** The checker itself finds a missing file, a missing anchor and a missing image. */
  @Test
  void theCheckerFindsBrokenLinks(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("target.md"), """
        # Target page

        ## What `report.json` says: the *release*

        ## Twice
        ## Twice
        """);
    Path page = dir.resolve("page.md");
    Files.writeString(page, """
        # Page

        [fine](target.md#what-reportjson-says-the-release) and [second](target.md#twice-1),
        [self](#page), [file](target.md), ![image](img/missing.png),
        [missing file](nothing.md), [missing anchor](target.md#twice-2),
        `[in code](nowhere.md)` and
        ```bash
        [in a block](nowhere.md)
        ```
        <!-- [in a comment](nowhere.md) -->
        [web](https://example.org/nothing.md), `code over
        [two lines](nowhere.md)`, and a [link over
        two lines](gone.md)
        """);
    List<String> problems = MarkdownLinks.problems(dir, List.of(page));
    assertEquals(4, problems.size(), String.join("\n", problems));
    assertTrue(problems.get(0).startsWith("page.md line 4: img/missing.png: no such file"),
        problems.get(0));
    assertTrue(problems.get(1).startsWith("page.md line 5: nothing.md: no such file"),
        problems.get(1));
    assertTrue(problems.get(2).startsWith("page.md line 5: target.md#twice-2: no heading"),
        problems.get(2));
    assertTrue(problems.get(3).startsWith("page.md line 12: gone.md: no such file"),
        problems.get(3));
  }

  @Test
  void slugsFollowGitHub() {
    assertEquals("privacy-precisely", MarkdownLinks.slug("Privacy, precisely"));
    assertEquals("planning-before-any-data-pate-plan",
        MarkdownLinks.slug("Planning before any data: pate plan"));
    assertEquals("what-reportjson-says", MarkdownLinks.slug("What `report.json` says"));
    assertEquals("a-run-in-java", MarkdownLinks.slug("A run in [Java](docs/java.md)"));
    assertEquals("snake_case-and-hyphen-ok", MarkdownLinks.slug("snake_case and hyphen-ok?"));
    assertEquals(Set.of("a", "a-1", "a-2"),
        MarkdownLinks.anchors("# a\n## A\n```\n# not a heading\n```\n### a\n"));
  }

  @Test
  void theReadmeIsAFrontPageThatLinksEveryPage() throws IOException {
    long size = Files.size(README);
    assertTrue(size <= README_MAX_BYTES, "README.md is " + size + " bytes");
    Set<String> linked = new TreeSet<>();
    for (MarkdownLinks.Link link : MarkdownLinks.links(README)) {
      linked.add(link.target().replaceAll("#.*$", ""));
    }
    for (Path page : pages().subList(1, pages().size())) {
      assertTrue(linked.contains("docs/" + page.getFileName()),
          "the README does not link " + page.getFileName() + "; it links " + linked);
    }
  }

  /** Each page starts with its title and then a paragraph saying what it is for. */
  @Test
  void everyPageStartsWithItsPurpose() throws IOException {
    for (Path page : pages()) {
      String text = Files.readString(page).replaceAll("(?s)<!--.*?-->", "");
      String[] paragraphs = text.strip().split("\n\\s*\n");
      assertTrue(paragraphs[0].startsWith("# ") && !paragraphs[0].contains("\n"),
          page + " starts with " + paragraphs[0]);
      String first = paragraphs[1].strip();
      assertFalse(first.startsWith("#") || first.startsWith("|") || first.startsWith("```")
          || first.startsWith("- "), page + ": no paragraph after the title but " + first);
      assertTrue(first.length() >= 100, page + ": " + first);
    }
  }

  /** The README's module table and architecture.md's name exactly the root pom's modules. */
  @Test
  void theModuleTablesNameEveryModule() throws IOException {
    Set<String> modules = modules();
    assertTrue(modules.size() >= 10, "modules: " + modules);
    assertEquals(modules, firstColumn(section(README, "## Modules"), "`([a-z0-9-]+)`"),
        "README.md, Modules");
    assertEquals(modules, firstColumn(section(DOCS.resolve("architecture.md"), "## Modules"),
        "`([a-z0-9-]+)`"), "docs/architecture.md, Modules");
  }

  /** architecture.md's module table names, for each module, the pate modules its pom uses. */
  @Test
  void theModuleTableNamesEachModulesDependencies() throws Exception {
    String table = section(DOCS.resolve("architecture.md"), "## Modules");
    Matcher row = Pattern.compile("(?m)^\\| `([a-z0-9-]+)` \\|.*\\| ([^|]*) \\|$").matcher(table);
    int rows = 0;
    while (row.find()) {
      String module = row.group(1);
      Set<String> documented = new TreeSet<>();
      Matcher named = Pattern.compile("`([a-z0-9-]+)`").matcher(row.group(2));
      while (named.find()) {
        documented.add(named.group(1));
      }
      assertEquals(pateDependencies(ROOT.resolve(module).resolve("pom.xml")), documented,
          "docs/architecture.md, Modules: what " + module + " depends on");
      rows++;
    }
    assertTrue(rows >= 10, "rows read: " + rows);
  }

  /** The pate modules a module's pom depends on, outside the test scope. */
  private static Set<String> pateDependencies(Path pom) throws Exception {
    Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(pom.toFile());
    Set<String> modules = new TreeSet<>();
    for (Node child = document.getDocumentElement().getFirstChild(); child != null;
        child = child.getNextSibling()) {
      if (!"dependencies".equals(child.getNodeName())) {
        continue; // dependencyManagement only pins versions
      }
      NodeList dependencies = ((Element) child).getElementsByTagName("dependency");
      for (int i = 0; i < dependencies.getLength(); i++) {
        Element dependency = (Element) dependencies.item(i);
        String group = text(dependency, "groupId");
        String artifact = text(dependency, "artifactId");
        if ("dev.pate".equals(group) && !"test".equals(text(dependency, "scope"))) {
          modules.add(artifact.replaceFirst("^pate-", ""));
        }
      }
    }
    return modules;
  }

  private static String text(Element element, String tag) {
    NodeList nodes = element.getElementsByTagName(tag);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().strip();
  }

  /** architecture.md's package table names every package with its module, and nothing else. */
  @Test
  void thePackageTableNamesEveryPackage() throws IOException {
    Set<String> inSource = new TreeSet<>();
    for (String module : modules()) {
      Path sources = ROOT.resolve(module).resolve("src/main/java");
      if (!Files.isDirectory(sources)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(p -> p.toString().endsWith(".java"))
            .map(p -> sources.relativize(p.getParent()).toString().replace('\\', '/'))
            .forEach(folder -> inSource.add(folder.replace('/', '.') + " (" + module + ")"));
      }
    }
    assertTrue(inSource.size() >= 30, "packages: " + inSource);
    assertEquals(inSource, firstColumn(section(DOCS.resolve("architecture.md"), "## Packages"),
        "`([a-z0-9.]+)` (\\([a-z0-9-]+\\))"), "docs/architecture.md, Packages");
  }

  /** The modules of the root pom. */
  private static Set<String> modules() throws IOException {
    Set<String> modules = new TreeSet<>();
    Matcher module = Pattern.compile("<module>([^<]+)</module>")
        .matcher(Files.readString(ROOT.resolve("pom.xml")));
    while (module.find()) {
      modules.add(module.group(1));
    }
    return modules;
  }

  /** The text from {@code heading} to the next heading of the same or a higher level. */
  private static String section(Path page, String heading) throws IOException {
    String text = Files.readString(page);
    int from = text.indexOf("\n" + heading + "\n");
    assertTrue(from >= 0, page + " has no " + heading);
    String level = heading.substring(0, heading.indexOf(' ') + 1);
    int to = text.indexOf("\n" + level, from + heading.length() + 1);
    return text.substring(from, to < 0 ? text.length() : to);
  }

  /** The first cells of a table's rows, as {@code cell}'s groups (joined by a space) capture. */
  private static Set<String> firstColumn(String section, String cell) {
    Set<String> names = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| " + cell + " \\|").matcher(section);
    while (row.find()) {
      names.add(row.groupCount() == 1 ? row.group(1) : row.group(1) + " " + row.group(2));
    }
    return names;
  }
}
