package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.config.ConfigLoader;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.pipeline.settings.DataSettings;
import dev.pate.pipeline.settings.OutputSettings;
import dev.pate.student.StudentData;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentSettings;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The typed builder: its refusals, and a student of your own in a real (tiny) run. */
class PatePipelineBuilderTest {

  @Test
  void aTypedPipelineMustSayItsMechanism() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PatePipeline.builder().build());
    assertTrue(e.getMessage().startsWith("mechanism: not given"), e.getMessage());
  }

  @Test
  void aPipelineOfAConfigTakesNoTypedSettings() {
    var config = ConfigLoader.parse("name: a\n", "file", List.of());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PatePipeline.builder(config).queries(10).seed(2).build());
    assertTrue(e.getMessage().startsWith("[queries, seed]: a pipeline built from a RunConfig"),
        e.getMessage());
  }

  @Test
  void yourOwnStudentTrainerTrainsTheRunsStudent(@TempDir Path out) {
    NetworkSettings small = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(16)
        .epochs(2).learningRate(0.01).build();
    List<StudentData> given = new ArrayList<>();
    List<StudentResult> trained = new ArrayList<>();
    StudentTrainer mine = (data, seed, onEpoch) -> {
      given.add(data);
      StudentResult result = StudentTrainer.of(StudentSettings.defaults().withNetwork(small))
          .train(data, seed, onEpoch);
      trained.add(result);
      return result;
    };

    PipelineResult result = PatePipeline.builder()
        .name("own-student")
        .data(DataSettings.builtIn("mnist").withPrivateLimit(600).withQueryPool(300))
        .teachers(TeacherSettings.defaults().toBuilder().count(3).workers(1).network(small)
            .build())
        .mechanism(new Mechanism.Gnmax(1.0))
        .queries(40)
        .student(mine)
        .output(OutputSettings.to(out).withoutRelease())
        .build()
        .run();

    assertEquals(1, given.size());
    StudentData data = given.get(0);
    assertEquals(result.privacy().answered(), data.labelled().size());
    assertEquals(300, data.unlabelled().size(), "your trainer gets the whole pool");
    assertSame(trained.get(0).network(), result.student().orElseThrow());
    assertEquals("custom", result.report().student().architecture());
    assertEquals(40, result.privacy().queries());
  }
}
