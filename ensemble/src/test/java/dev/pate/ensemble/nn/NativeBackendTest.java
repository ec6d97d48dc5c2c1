package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class NativeBackendTest {
  /** What ND4J 1.0.0-M2.1 throws when its natives are not there: a wrapped link error. */
  private static RuntimeException nd4jFailure() {
    return new RuntimeException("ND4J is probably missing dependencies. For more information,"
        + " please refer to: https://deeplearning4j.konduit.ai/nd4j/backend",
        new UnsatisfiedLinkError("no jnind4jcpu in java.library.path: /usr/lib\nmore"));
  }

  @Test
  void osNamesAndArchitecturesBecomeJavaCppPlatforms() {
    assertEquals("linux-x86_64", NativeBackend.platform("Linux", "amd64"));
    assertEquals("macosx-arm64", NativeBackend.platform("Mac OS X", "aarch64"));
    assertEquals("macosx-x86_64", NativeBackend.platform("Mac OS X", "x86_64"));
    assertEquals("windows-x86_64", NativeBackend.platform("Windows 11", "amd64"));
    assertEquals("linux-arm64", NativeBackend.platform("Linux", "aarch64"));
  }

  @Test
  void aLinuxBuildOnAMacSaysWhichProfileToBuildWithInOneLine() {
    String line = NativeBackend.explain(nd4jFailure(), "macosx-arm64", "linux-x86_64",
        "nd4j-native").orElseThrow();
    assertFalse(line.contains("\n"), line);
    assertTrue(line.startsWith("the ND4J native library did not load (UnsatisfiedLinkError: no"
        + " jnind4jcpu"), line);
    assertTrue(line.contains("this build bundles the natives for linux-x86_64, this machine is"
        + " macosx-arm64: rebuild with its profile: PATE_PLATFORM=macosx-arm64 ./pate ..., or"
        + " mvn -P macosx-arm64 package"), line);
  }

  @Test
  void aCudaBuildWithoutAGpuPointsToTheCpuProfile() {
    String line = NativeBackend.explain(new ExceptionInInitializerError(nd4jFailure()),
        "linux-x86_64", "linux-x86_64", "nd4j-cuda-11.6").orElseThrow();
    assertTrue(line.contains("CUDA backend (nd4j-cuda-11.6)") && line.contains("mvn -P"
        + " linux-x86_64 package"), line);
  }

  @Test
  void otherFailuresAreNotExplained() {
    assertEquals(Optional.empty(), NativeBackend.explain(new IllegalStateException("x"),
        "macosx-arm64", "linux-x86_64", "nd4j-native"));
  }

  @Test
  void thisBuildKnowsItsProfile() {
    assertTrue(NativeBackend.PLATFORMS.contains(NativeBackend.builtFor()),
        NativeBackend.builtFor());
    assertTrue(NativeBackend.backend().startsWith("nd4j-"), NativeBackend.backend());
  }
}
