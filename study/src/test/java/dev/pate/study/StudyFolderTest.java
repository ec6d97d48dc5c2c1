package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.config.StudyPoint;
import dev.pate.files.Sha256;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StudyFolderTest {
  private static StudyPoint point(String... overrides) {
    RunConfig config = ConfigLoader.parse("name: folder\nteachers: {count: 10}\n", "folder.yaml",
        List.of(overrides));
    return new StudyPoint(1, Map.of(), config);
  }

  /**
   * A point's folder is the hash of its config as written before teachers.method existed (the
   * line {@code method: supervised} under teachers taken out), so that studies finished before
   * keep their points; self-training teachers get folders of their own.
   */
  @Test
  void pointsFiledBeforeTeachersMethodExistedKeepTheirFolders() {
    StudyPoint supervised = point();
    String written = ConfigWriter.toYaml(supervised.config());
    String before = written.replace("  executor: local\n  method: supervised\n",
        "  executor: local\n");
    assertTrue(before.length() < written.length(), written);
    assertEquals("points/" + Sha256.of(before).substring(0, 12),
        StudyFolder.relative(supervised));
    assertNotEquals(StudyFolder.relative(supervised),
        StudyFolder.relative(point("teachers.method=self-training")));
  }
}
