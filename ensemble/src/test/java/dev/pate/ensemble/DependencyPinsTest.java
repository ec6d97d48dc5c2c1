package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.CrashReportingUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.common.util.ArchiveUtils;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.serde.base64.Nd4jBase64;
import org.nd4j.shade.protobuf.Struct;
import org.nd4j.shade.protobuf.Value;
import org.nd4j.shade.protobuf.util.JsonFormat;

/**
 * The root pom raises libraries DL4J 1.0.0-M2.1 was built against (for their known
 * vulnerabilities). Each test runs the DL4J or ND4J code that calls one of them, so that a pin
 * DL4J cannot work with fails here rather than in a run: Commons Compress (ND4J's archive
 * extraction), Gson (ND4J's shaded protobuf JSON, which needs Gson 2.8.6 or later and so never
 * worked on DL4J's own 2.8.0), OSHI on JNA 5 (DL4J's memory crash report, written when training
 * runs out of memory). Commons Lang, Collections and Codec are called throughout ND4J and DL4J,
 * so every training test covers them. Commons Net is not raised: ND4J's array Base64 breaks on
 * 3.9 and later, which this class shows.
 */
class DependencyPinsTest {
  @TempDir Path dir;

  @Test
  void nd4jExtractsATarGzWithTheRaisedCommonsCompress() throws IOException {
    Path archive = dir.resolve("data.tar.gz");
    byte[] content = "pinned".getBytes(StandardCharsets.UTF_8);
    try (OutputStream file = Files.newOutputStream(archive);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(
            new GzipCompressorOutputStream(file))) {
      TarArchiveEntry entry = new TarArchiveEntry("folder/file.txt");
      entry.setSize(content.length);
      tar.putArchiveEntry(entry);
      tar.write(content);
      tar.closeArchiveEntry();
    }
    assertEquals(List.of("folder/file.txt"),
        ArchiveUtils.tarGzListFiles(archive.toFile()));
    File extracted = dir.resolve("file.txt").toFile();
    ArchiveUtils.tarGzExtractSingleFile(archive.toFile(), extracted, "folder/file.txt");
    assertEquals("pinned", Files.readString(extracted.toPath()));
  }

  /** Fails on commons-net 3.9 or later: its decoder rejects the CRLF its encoder writes. */
  @Test
  void nd4jEncodesArraysWithCommonsNet31() throws IOException {
    INDArray array = Nd4j.createFromArray(new float[][] {{1, 2}, {3, 4}});
    assertEquals(array, Nd4jBase64.fromBase64(Nd4jBase64.base64String(array)));
  }

  @Test
  void nd4jsProtobufJsonWorksWithTheRaisedGson() throws IOException {
    Struct struct = Struct.newBuilder()
        .putFields("epsilon", Value.newBuilder().setNumberValue(1.5).build())
        .putFields("kind", Value.newBuilder().setStringValue("data-independent").build())
        .build();
    Struct.Builder parsed = Struct.newBuilder();
    JsonFormat.parser().merge(JsonFormat.printer().print(struct), parsed);
    assertEquals(struct, parsed.build());
  }

  @Test
  void dl4jsCrashReportReadsTheSystemThroughOshiOnTheRaisedJna() {
    MultiLayerNetwork net = new MultiLayerNetwork(new NeuralNetConfiguration.Builder().list()
        .layer(new OutputLayer.Builder().nIn(4).nOut(2).build())
        .setInputType(InputType.feedForward(4)).build());
    net.init();
    String report = CrashReportingUtil.generateMemoryStatus(net, 8, InputType.feedForward(4));
    // The system section comes from OSHI: processor counts and the operating system's version.
    String processors = String.valueOf(Runtime.getRuntime().availableProcessors());
    assertTrue(report.contains(processors), report);
    assertTrue(report.contains(System.getProperty("os.name").split(" ")[0]), report);
  }
}
