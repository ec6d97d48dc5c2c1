package dev.pate.ensemble.nn;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.bytedeco.javacpp.Loader;
import org.nd4j.linalg.factory.Nd4j;

/**
 * What computes a run's floating point, for its provenance: the same config and seed can give
 * other teachers, votes and students on another ND4J backend, native build or BLAS kernel
 * (OpenBLAS picks its kernel per processor unless {@code OPENBLAS_CORETYPE} pins it, and kernels
 * sum in different orders).
 *
 * @param backend ND4J's backend ({@code CPU})
 * @param platform the native build of ND4J JavaCPP loaded ({@code linux-x86_64-onednn-avx2}: the
 *     platform and the build's extension, which chooses the instruction set and oneDNN)
 * @param dataType ND4J's default floating-point type
 * @param blas the BLAS library ND4J calls ({@code OPENBLAS})
 * @param blasEnvironment the OpenBLAS environment variables that choose its kernel, where set
 */
public record Numerics(String backend, String platform, String dataType, String blas,
    Map<String, String> blasEnvironment) {

  /** Environment variables that change which OpenBLAS kernel runs, hence the results. */
  private static final List<String> KERNEL_VARIABLES = List.of("OPENBLAS_CORETYPE",
      "OPENBLAS_L2_SIZE");

  /** The numerics of this JVM (loads ND4J's backend if no network has yet). */
  public static Numerics current() {
    Properties environment = Nd4j.getExecutioner().getEnvironmentInformation();
    Map<String, String> kernel = new LinkedHashMap<>();
    for (String variable : KERNEL_VARIABLES) {
      String value = System.getenv(variable);
      if (value != null) {
        kernel.put(variable, value);
      }
    }
    return new Numerics(String.valueOf(environment.getProperty("backend")),
        nativeBuild(), Nd4j.dataType().name(),
        String.valueOf(environment.getProperty("blas.vendor")), kernel);
  }

  /**
   * The folder ND4J's native library was loaded from names its build ({@code
   * .../linux-x86_64-onednn-avx2/libnd4jcpu.so}); JavaCPP's platform alone omits the extension.
   */
  private static String nativeBuild() {
    String library = Loader.getLoadedLibraries().get("nd4jcpu");
    if (library == null) {
      return Loader.getPlatform();
    }
    Path folder = Path.of(library).getParent();
    return folder == null ? Loader.getPlatform() : folder.getFileName().toString();
  }
}
