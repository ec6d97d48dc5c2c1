package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.Sha256;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.json's public part (everything outside an object named {@code private}) is exactly an
 * allowlist, on a real tiny CSV run with a student, a release and the non-private ceiling: a new
 * field is private until someone decides it is public and adds it here, with the reason.
 *
 * <p>Paths are JSON pointers without the leading slash; an array's elements are {@code *}, and so
 * are the keys of maps whose keys are names rather than fields ({@link #NAMED_KEYS}). A null or
 * empty value is a path of its own, except an empty map of names: its path ends in {@code *} as
 * when it has names.
 */
class ReportAllowlistTest {
  /** Maps keyed by names (libraries, environment variables, columns): their keys are data. */
  private static final List<String> NAMED_KEYS = List.of("provenance/libraries",
      "provenance/numerics/blas_environment", "dataset/tables/public_file/missing_by_column");

  static final Set<String> PUBLIC = Set.of(
      // The run's identity and the config's choices: no data in them.
      "name", "disclosure", "run_folder", "seed",
      "teachers/architecture", "teachers/count", "teachers/method", "teachers/pretrain", "teachers/engine",
      "teachers/executor",
      "teachers/threads_per_worker", "teachers/workers",
      "plan",
      // The public data: the query pool, the held-out set, the public file and the encoding,
      // fitted on the public pool alone.
      "dataset/name", "dataset/data_dir", "dataset/image_shape", "dataset/query_pool",
      "dataset/query_pool_labelled", "dataset/held_out",
      "dataset/tables/eval_file",
      "dataset/tables/public_file/file", "dataset/tables/public_file/sha256",
      "dataset/tables/public_file/header", "dataset/tables/public_file/records",
      "dataset/tables/public_file/kept", "dataset/tables/public_file/dropped_missing",
      "dataset/tables/public_file/skipped_lines", "dataset/tables/public_file/missing_by_column/*",
      "dataset/tables/encoding/fitted_on", "dataset/tables/encoding/pool_rows",
      "dataset/tables/encoding/features", "dataset/tables/encoding/missing_policy",
      "dataset/tables/encoding/columns/*/column", "dataset/tables/encoding/columns/*/kind",
      "dataset/tables/encoding/columns/*/method", "dataset/tables/encoding/columns/*/source",
      "dataset/tables/encoding/columns/*/center", "dataset/tables/encoding/columns/*/scale",
      "dataset/tables/encoding/columns/*/categories",
      "dataset/tables/encoding/columns/*/categories/*",
      "dataset/tables/encoding/columns/*/unseen",
      "dataset/tables/encoding/columns/*/unseen/pool",
      "dataset/tables/encoding/columns/*/unseen/held_out",
      // The aggregation: its config, and functions of the released answers (each charged) and
      // the public pool's labels.
      "aggregation/mechanism", "aggregation/noise", "aggregation/gamma", "aggregation/sigma",
      "aggregation/threshold", "aggregation/sigma1", "aggregation/sigma2",
      "aggregation/selection", "aggregation/queries", "aggregation/queries_asked",
      "aggregation/queries_answered", "aggregation/label_accuracy",
      "aggregation/label_accuracy_on", "aggregation/stopped_because",
      "aggregation/rounds/*/round", "aggregation/rounds/*/chosen",
      "aggregation/rounds/*/chosen_by", "aggregation/rounds/*/asked",
      "aggregation/rounds/*/answered",
      // The privacy guarantee: data-independent, what the charges add up to.
      "privacy/unit", "privacy/neighbours", "privacy/delta", "privacy/conversion",
      "privacy/randomness", "privacy/guarantee_holds", "privacy/noise",
      "privacy/epsilon_data_independent", "privacy/order_data_independent",
      "privacy/guarantee/basis", "privacy/guarantee/description", "privacy/epsilon_spent",
      "privacy/order_spent", "privacy/orders", "privacy/composition",
      "privacy/statements/*/kind", "privacy/statements/*/epsilon", "privacy/statements/*/delta",
      "privacy/statements/*/order", "privacy/statements/*/conversion",
      "privacy/statements/*/orders", "privacy/statements/*/note",
      "privacy/comparison_pate2017/epsilon", "privacy/comparison_pate2017/moment",
      "privacy/comparison_pate2017/conversion", "privacy/comparison_pate2017/note",
      // The student: trained on the released answers and public data only.
      "student/method", "student/architecture", "student/engine", "student/training_examples",
      "student/unlabelled_examples", "student/test_accuracy", "student/learning_curve_on",
      "student/learning_curve/*/epoch", "student/learning_curve/*/accuracy",
      // The release: its files and the released model's hash.
      "release/folder", "release/files/*", "release/model_sha256",
      // The charge to the private data set's budget: its random id (not the data's hash, which
      // is under private), the declared total, and what remained before and after: functions of
      // earlier runs' charges and of this run's config, not of the data.
      "dataset_budget/budget_id", "dataset_budget/epsilon", "dataset_budget/delta",
      "dataset_budget/conversion", "dataset_budget/reserved_epsilon",
      "dataset_budget/charged_epsilon", "dataset_budget/remaining_before",
      "dataset_budget/remaining_after", "dataset_budget/note",
      // Provenance: the code, the platform, the config's hash and the public files' hashes.
      "provenance/pate/version", "provenance/pate/commit",
      "provenance/pate/uncommitted_changes", "provenance/java/version",
      "provenance/java/vendor", "provenance/java/vm", "provenance/os/name",
      "provenance/os/version", "provenance/os/arch", "provenance/numerics/backend",
      "provenance/numerics/blas", "provenance/numerics/blas_environment/*",
      "provenance/numerics/data_type", "provenance/numerics/platform",
      "provenance/libraries/*", "provenance/config_sha256", "provenance/data/*/dataset",
      "provenance/data/*/file", "provenance/data/*/role", "provenance/data/*/sha256");

  @TempDir static Path dir;

  @Test
  void thePublicFieldsOfReportJsonAreExactlyTheAllowlist() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
    // Secure noise, and a budget for the private data: the run charges it (seeded noise cannot).
    Path config = Files.writeString(dir.resolve("tiny-csv.yaml"),
        SyntheticTable.config(privateFile, publicFile).replace("randomness: seeded",
            "randomness: secure"));
    // What pate budget init does for the private file.
    DatasetBudget.init(dir.resolve("runs/budgets"), Sha256.of(privateFile),
        new Budget(1000, 1e-5, Conversion.IMPROVED, Orders.defaults()));
    JsonNode report = Json.mapper().readTree(TinyRuns.run(config, dir.resolve("runs"))
        .resolve("report.json").toFile());
    Set<String> found = new TreeSet<>();
    publicPaths(report, "", found);
    assertEquals(new TreeSet<>(PUBLIC), found);
    // The figures that grow with the private data are there, under private.
    assertTrue(report.at("/private/timings/total_seconds").asDouble() > 0);
    assertTrue(report.at("/timings").isMissingNode());
    assertTrue(report.at("/dataset_budget/private/data_sha256").isTextual());
  }

  /**
   * A smooth-sensitivity release's block: data-independent parameters and the released value,
   * paid for by its own charge (a run with a release checks it, {@code
   * DataDependentReleaseRunTest}).
   */
  static final Set<String> RELEASE = Set.of("privacy/data_dependent_release/status",
      "privacy/data_dependent_release/mechanism", "privacy/data_dependent_release/order",
      "privacy/data_dependent_release/beta", "privacy/data_dependent_release/sigma_ss",
      "privacy/data_dependent_release/parameters_chosen",
      "privacy/data_dependent_release/release_rdp",
      "privacy/data_dependent_release/rdp_released",
      "privacy/data_dependent_release/epsilon_released", "privacy/data_dependent_release/delta",
      "privacy/data_dependent_release/conversion", "privacy/data_dependent_release/note");

  /**
   * What a run with privacy groups adds (checked by {@code GroupsRunTest}): the method, and per
   * group its name, budget, multiplier and guarantee, all config or data-independent. Never a
   * group's size (how many private records it has), a count over the private data: no path here
   * may carry one, and the allowlist keeps any other out.
   */
  static final Set<String> GROUPS = Set.of("privacy/group_method", "privacy/groups/*/name",
      "privacy/groups/*/budget_epsilon", "privacy/groups/*/budget_delta",
      "privacy/groups/*/multiplier", "privacy/groups/*/guarantee/kind",
      "privacy/groups/*/guarantee/epsilon", "privacy/groups/*/guarantee/delta",
      "privacy/groups/*/guarantee/order", "privacy/groups/*/guarantee/conversion",
      "privacy/groups/*/guarantee/orders", "privacy/groups/*/guarantee/note");

  /**
   * What a student trained with restarts adds (checked by {@code StudentRestartsRunTest}): each
   * restart's seed (derived from the run's), the distance of its predictions over the public pool
   * from the prior, its accuracy on the public split the curve is measured on, and which is kept.
   */
  static final Set<String> RESTARTS = Set.of("student/restarts/*/seed",
      "student/restarts/*/pool_distance", "student/restarts/*/accuracy",
      "student/restarts/*/kept");

  /**
   * What a student ensemble adds (checked by {@code StudentEnsembleRunTest}): each member's seed
   * (derived from the run's) and its accuracy on the public split the curve is measured on.
   */
  static final Set<String> ENSEMBLE = Set.of("student/ensemble/*/seed",
      "student/ensemble/*/accuracy");

  /** The paths of {@code node}'s leaves outside any object named {@code private}. */
  static void publicPaths(JsonNode node, String path, Set<String> out) {
    if (node.isObject() && !node.isEmpty()) {
      boolean named = NAMED_KEYS.contains(path);
      for (Iterator<Map.Entry<String, JsonNode>> f = node.fields(); f.hasNext(); ) {
        Map.Entry<String, JsonNode> field = f.next();
        if (!field.getKey().equals("private")) {
          publicPaths(field.getValue(), child(path, named ? "*" : field.getKey()), out);
        }
      }
    } else if (node.isArray() && !node.isEmpty()) {
      node.forEach(element -> publicPaths(element, child(path, "*"), out));
    } else if (node.isObject() && NAMED_KEYS.contains(path)) {
      // A map of names with none in it (no OpenBLAS variable set on this machine, no column
      // missing a value) is the same field as one with some.
      out.add(child(path, "*"));
    } else {
      out.add(path);
    }
  }

  private static String child(String path, String key) {
    return path.isEmpty() ? key : path + "/" + key;
  }
}
