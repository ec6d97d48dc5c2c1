package dev.pate.ensemble.nn;

import dev.pate.files.OneLine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * Which ND4J backend and native platform this build of pate was made for (the Maven platform
 * profile, see the README), and the one line to print when the native library does not load:
 * ND4J's own failure is a stack trace of several screens that never says which profile to build
 * with.
 */
public final class NativeBackend {
  /** The platform profiles of the root pom: a JavaCPP platform name each. */
  public static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-arm64",
      "macosx-x86_64", "macosx-arm64", "windows-x86_64");

  private static final Properties BUILD = load();

  private NativeBackend() {}

  private static Properties load() {
    Properties properties = new Properties();
    try (InputStream in = NativeBackend.class.getResourceAsStream("native-build.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }

  /** The native classifier this build bundles, e.g. {@code linux-x86_64}. */
  public static String builtFor() {
    return BUILD.getProperty("classifier", "linux-x86_64");
  }

  /** The ND4J backend artifact this build uses: {@code nd4j-native} (CPU) or a CUDA one. */
  public static String backend() {
    return BUILD.getProperty("backend", "nd4j-native");
  }

  /**
   * The JavaCPP platform of this machine, as JavaCPP names it ({@code
   * org.bytedeco.javacpp.platform} if set, as JavaCPP itself would use it), e.g. {@code
   * macosx-arm64}; the raw {@code os.name}/{@code os.arch} where it is not one pate knows.
   */
  public static String thisPlatform() {
    String forced = System.getProperty("org.bytedeco.javacpp.platform");
    if (forced != null && !forced.isBlank()) {
      return forced.strip();
    }
    return platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
  }

  /** {@code os.name} and {@code os.arch} as a JavaCPP platform name. */
  static String platform(String osName, String osArch) {
    String name = osName.toLowerCase(Locale.ROOT);
    String os = name.startsWith("linux") ? "linux" : name.startsWith("mac") ? "macosx"
        : name.startsWith("windows") ? "windows" : name.replace(' ', '_');
    String arch = switch (osArch.toLowerCase(Locale.ROOT)) {
      case "amd64", "x86_64", "x64" -> "x86_64";
      case "aarch64", "arm64" -> "arm64";
      default -> osArch.toLowerCase(Locale.ROOT);
    };
    return os + "-" + arch;
  }

  /**
   * The one line for a failure whose cause is the native library not loading, or empty for any
   * other failure. ND4J reports it as an {@link UnsatisfiedLinkError} somewhere in the causes
   * (wrapped in its own RuntimeException or an {@link ExceptionInInitializerError}), as "no
   * backend available", or, once its class failed to initialise, as a {@link NoClassDefFoundError}
   * of an ND4J class.
   */
  public static Optional<String> explain(Throwable failure) {
    return explain(failure, thisPlatform(), builtFor(), backend());
  }

  static Optional<String> explain(Throwable failure, String platform, String builtFor,
      String backend) {
    Throwable cause = nativeCause(failure);
    if (cause == null) {
      return Optional.empty();
    }
    String profile = PLATFORMS.contains(platform) ? platform : null;
    String advice;
    if (backend.startsWith("nd4j-cuda")) {
      advice = "this build uses the CUDA backend (" + backend + "): it needs an NVIDIA GPU with"
          + " CUDA 11.6 and cuDNN installed; without one, build for the CPU (PATE_PLATFORM="
          + (profile != null ? profile : "<your platform>") + " ./pate, or mvn -P "
          + (profile != null ? profile : "<profile>") + " package)";
    } else if (profile == null) {
      advice = "pate has platform profiles for " + String.join(", ", PLATFORMS) + " and cuda;"
          + " this machine (" + platform + ") is none of them";
    } else if (!profile.equals(builtFor)) {
      advice = "this build bundles the natives for " + builtFor + ", this machine is " + profile
          + ": rebuild with its profile: PATE_PLATFORM=" + profile + " ./pate ..., or mvn -P "
          + profile + " package";
    } else {
      advice = "this build is for " + builtFor + " like this machine; the native library may"
          + " need a newer C library or CPU features (the default linux-x86_64 build needs AVX2;"
          + " without it: PATE_PLATFORM=linux-x86_64-generic; see the README, Platforms)";
    }
    return Optional.of("the ND4J native library did not load (" + shortly(cause) + "); "
        + advice);
  }

  private static Throwable nativeCause(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = String.valueOf(t.getMessage());
      if (t instanceof UnsatisfiedLinkError
          || t.getClass().getSimpleName().equals("NoAvailableBackendException")
          || t instanceof NoClassDefFoundError && message.contains("org.nd4j")
          || t instanceof NoClassDefFoundError && message.contains("org.bytedeco")) {
        return t;
      }
    }
    return null;
  }

  private static String shortly(Throwable cause) {
    String message = OneLine.of(cause.getMessage());
    if (message.length() > 160) {
      message = message.substring(0, 157) + "...";
    }
    return cause.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
  }
}
