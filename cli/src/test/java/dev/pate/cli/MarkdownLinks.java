package dev.pate.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links of Markdown pages as GitHub renders them: relative links must name a file (or folder)
 * that exists, and a {@code #anchor} must be the slug of a heading of the page it points into.
 * Code blocks, inline code and HTML comments are not rendered as links, so they are left out.
 */
final class MarkdownLinks {
  private static final Pattern FENCE = Pattern.compile("(?m)^```");
  private static final Pattern COMMENT = Pattern.compile("(?s)<!--.*?-->");
  /** Inline code, which may run on to the next line of its paragraph. */
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  /**
   * {@code [text](target)} and {@code ![alt](target "title")}; the text may run over lines (a
   * paragraph's line breaks are spaces).
   */
  private static final Pattern LINK = Pattern.compile(
      "!?\\[[^\\]]*\\]\\(([^)\\s]*)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  private MarkdownLinks() {}

  /** One link: the page it is on, its line there, and its target as written. */
  record Link(Path page, int line, String target) {}

  /** Every problem with the links of {@code pages}, one line each ("page line N: target: why"). */
  static List<String> problems(Path root, List<Path> pages) {
    List<String> problems = new ArrayList<>();
    Map<Path, Set<String>> anchorsByPage = new HashMap<>();
    for (Path page : pages) {
      for (Link link : links(page)) {
        String problem = problem(link, anchorsByPage);
        if (problem != null) {
          problems.add(root.relativize(page) + " line " + link.line() + ": " + link.target()
              + ": " + problem);
        }
      }
    }
    return problems;
  }

  private static String problem(Link link, Map<Path, Set<String>> anchorsByPage) {
    String target = link.target();
    if (SCHEME.matcher(target).find()) {
      return null; // a web address: not checked offline
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? link.page()
        : link.page().getParent().resolve(file).normalize();
    if (file.startsWith("/")) {
      return "absolute paths do not work on GitHub; link relative to the page";
    }
    if (!Files.exists(resolved)) {
      return "no such file " + resolved;
    }
    if (anchor == null) {
      return null;
    }
    if (!resolved.getFileName().toString().endsWith(".md")) {
      return "an anchor into a file that is not Markdown";
    }
    Set<String> anchors = anchorsByPage.computeIfAbsent(resolved, MarkdownLinks::anchorsOf);
    return anchors.contains(anchor) ? null
        : "no heading with the anchor #" + anchor + " (there are " + anchors + ")";
  }

  /** The links of one page, outside code blocks, inline code and HTML comments. */
  static List<Link> links(Path page) {
    String rendered = String.join("\n", renderedLines(read(page)));
    // Inline code is no link; it keeps its line breaks so that line numbers stay right.
    Matcher code = INLINE_CODE.matcher(rendered);
    StringBuilder text = new StringBuilder();
    while (code.find()) {
      code.appendReplacement(text, code.group().replaceAll("[^\n]", ""));
    }
    code.appendTail(text);
    List<Link> links = new ArrayList<>();
    Matcher link = LINK.matcher(text);
    while (link.find()) {
      int line = 1 + (int) text.substring(0, link.start()).chars().filter(c -> c == '\n').count();
      links.add(new Link(page, line, link.group(1)));
    }
    return links;
  }

  /** The anchors GitHub gives the headings of {@code markdown}, in order. */
  static Set<String> anchors(String markdown) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : renderedLines(markdown)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
    }
    return anchors;
  }

  /**
   * GitHub's anchor of a heading: its rendered text (links as their text, code and emphasis
   * without their marks), lower-cased, punctuation but hyphens and underscores removed, each
   * space a hyphen.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
        .replace("`", "").replace("**", "").replace("*", "");
    StringBuilder slug = new StringBuilder();
    text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        slug.appendCodePoint(c);
      } else if (c == ' ') {
        slug.append('-');
      }
    });
    return slug.toString();
  }

  /**
   * The page's lines with what is not rendered as Markdown blanked (fenced code, HTML comments),
   * keeping line numbers.
   */
  private static List<String> renderedLines(String markdown) {
    Matcher comment = COMMENT.matcher(markdown);
    StringBuilder text = new StringBuilder();
    while (comment.find()) {
      comment.appendReplacement(text,
          Matcher.quoteReplacement(comment.group().replaceAll("[^\n]", "")));
    }
    comment.appendTail(text);
    List<String> lines = new ArrayList<>();
    boolean inFence = false;
    for (String line : text.toString().split("\n", -1)) {
      if (FENCE.matcher(line).lookingAt()) {
        inFence = !inFence;
        lines.add("");
      } else if (inFence) {
        lines.add("");
      } else {
        lines.add(line);
      }
    }
    return lines;
  }

  private static Set<String> anchorsOf(Path page) {
    return anchors(read(page));
  }

  private static String read(Path page) {
    try {
      return Files.readString(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
