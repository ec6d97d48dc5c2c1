package org.nd4j.nativeblas;

/**
 * A compatibility shim, not ND4J's code: DL4J 1.0.0-M2.1 decides whether its oneDNN layer helpers
 * may run by calling {@code org.nd4j.nativeblas.Nd4jCpu$Environment.getInstance().isUseMKLDNN()}
 * through reflection ({@code BaseMKLDNNHelper.mklDnnEnabled}), but ND4J 1.0.0-M2.1 moved that
 * class to {@code org.nd4j.linalg.cpu.nativecpu.bindings.Nd4jCpu}, so the check always failed and
 * every convolution ran DL4J's slow im2col path even on ND4J's oneDNN build. This class answers
 * under the old name with the real environment's answer, so DL4J uses oneDNN exactly when the
 * loaded natives have it. See {@code dev.pate.ensemble.nn.OneDnn}.
 */
public final class Nd4jCpu {
  private Nd4jCpu() {}

  /** The part of the old binding DL4J's check calls. */
  public static final class Environment {
    private static final Environment INSTANCE = new Environment();

    private Environment() {}

    public static Environment getInstance() {
      return INSTANCE;
    }

    /** Whether the loaded ND4J natives were built with oneDNN and use it. */
    public boolean isUseMKLDNN() {
      return org.nd4j.linalg.cpu.nativecpu.bindings.Nd4jCpu.Environment.getInstance()
          .isUseONEDNN();
    }
  }
}
