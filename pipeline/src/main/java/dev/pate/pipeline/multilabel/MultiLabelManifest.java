package dev.pate.pipeline.multilabel;

import dev.pate.ensemble.TeacherRecord;
import dev.pate.pipeline.cache.CachedMultiLabelEnsemble;
import dev.pate.pipeline.report.Provenance;
import java.util.List;
import java.util.Objects;

/**
 * A multi-label run folder's {@value #FILE}: which cached ensemble its teachers are and which
 * private data they were trained on, by content. Written (atomically) before the first charge, so
 * that {@code pate ledger} can attribute an unfinished run's charges too; the fields {@code pate
 * ledger} reads ({@code private_set}, {@code private_data}, {@code cache_key}) are named as in a
 * single-label run's teachers manifest.
 *
 * @param privateSet the private examples' name
 * @param privateExamples how many private examples were dealt out to the teachers
 * @param privateData the private data by content ({@link MultiLabelData#privateData})
 * @param cacheFolder the cached ensemble's folder, which holds the models
 * @param cacheKey the cached ensemble's key (its folder name)
 * @param teachersTrained teachers this run trained; the others were reused from the cache
 * @param teachers each teacher's record
 */
public record MultiLabelManifest(String privateSet, int privateExamples,
    Provenance.Private privateData, String cacheFolder, String cacheKey, int teachersTrained,
    List<TeacherRecord> teachers) {

  /** Where in the run folder it is written: where a single-label run writes its manifest. */
  public static final String FILE = "teachers/manifest.json";

  public MultiLabelManifest {
    Objects.requireNonNull(privateData, "privateData");
    Objects.requireNonNull(cacheKey, "cacheKey");
    teachers = List.copyOf(teachers);
  }

  /** The manifest of a run on {@code data} whose teachers are {@code ensemble}. */
  public static MultiLabelManifest of(CachedMultiLabelEnsemble ensemble, MultiLabelData data) {
    return new MultiLabelManifest(data.privateCanvases().name(), data.privateCanvases().size(),
        data.privateData(), ensemble.folder().toString(), ensemble.key().hash(),
        ensemble.teachersTrained(), ensemble.records());
  }
}
