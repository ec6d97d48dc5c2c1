package dev.pate.examples;

import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.idx.IdxImages;
import dev.pate.datasets.idx.IdxLabels;
import dev.pate.datasets.idx.IdxReader;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.PipelineResult;
import dev.pate.pipeline.settings.DataSettings;
import dev.pate.pipeline.settings.OutputSettings;
import dev.pate.pipeline.settings.PrivacySettings;
import dev.pate.student.StudentSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.lossfunctions.LossFunctions;

/**
 * PATE from Java alone, with the public API only and no YAML: Fashion-MNIST read by the program
 * itself, a teacher network defined in code, typed settings for the teachers, the mechanism, the
 * privacy accounting and the student, GNMax labels, a student, and the privacy statement.
 *
 * <pre>
 * java -cp "examples/target/classes:cli/target/lib/*" dev.pate.examples.FashionMnistExample \
 *     ../shared/data/fashion-mnist runs
 * </pre>
 */
public final class FashionMnistExample {

  /**
   * How big the example is.
   *
   * @param teachers teachers, each trained on {@code privateImages / teachers} images
   * @param privateImages training images shared out among the teachers
   * @param pool public images the queries are drawn from (the student's unlabelled pool)
   * @param heldOut public images the student is evaluated on
   * @param queries queries answered by GNMax
   * @param epochs epochs of each teacher and of the student
   */
  public record Size(int teachers, int privateImages, int pool, int heldOut, int queries,
      int epochs) {
    /**
     * A minute or two on two cores. Many small teachers: 250 votes outvote GNMax's sigma of 40,
     * which keeps 300 answers at a meaningful guarantee (epsilon about 3; sigma 2 would cost
     * over 100).
     */
    public static final Size DEFAULT = new Size(250, 20000, 2000, 1000, 300, 10);
  }

  private FashionMnistExample() {}

  public static void main(String[] args) {
    Path data = Path.of(args.length > 0 ? args[0] : "../shared/data/fashion-mnist");
    Path out = Path.of(args.length > 1 ? args[1] : "runs");
    run(data, out, Size.DEFAULT, System.out);
  }

  /** Runs the example on the Fashion-MNIST IDX files in {@code data}, writing under {@code out}. */
  public static PipelineResult run(Path data, Path out, Size size, PrintStream console) {
    NetworkSpec network = network(size.epochs());
    PipelineListener progress = new PipelineListener() {
      @Override
      public void message(String line) {
        console.println("example: " + line);
      }
    };
    // README:begin
    // Your own data: any Dataset (here Fashion-MNIST images read from their IDX files).
    ImageDataset train = images(data, "train", "fashion/train");
    ImageDataset test = images(data, "t10k", "fashion/test");
    DataSettings fashion = DataSettings.of(train.range("fashion/private", 0, size.privateImages()),
        PublicSplit.of(test.range("fashion/public", 0, size.pool() + size.heldOut()), size.pool()));

    PipelineResult result = PatePipeline.builder()
        .name("fashion-example")
        .seed(7)
        .data(fashion)
        .teachers(TeacherSettings.defaults().toBuilder().count(size.teachers()).build())
        .teacherNetwork(network)                 // any DL4J configuration (see network below)
        .mechanism(new Mechanism.Gnmax(40.0))    // GNMax, noise sigma 40, from a secure source
        .queries(size.queries())
        .privacy(PrivacySettings.defaults().withDelta(1e-5))
        .student(StudentSettings.defaults())     // supervised, on the answered queries
        .studentNetwork(network)
        .output(OutputSettings.to(out))
        .listener(progress)
        .build()
        .run();

    PrivacyStatement privacy = result.privacy();
    console.printf(Locale.ROOT, "student accuracy %.4f on %d held-out images%n",
        result.report().student().testAccuracy(), size.heldOut());
    console.printf(Locale.ROOT, "privacy: (%.4f, %.0e)-DP for one training image, %s"
            + " (order %s, %s conversion); %d of %d queries answered%n",
        privacy.epsilonDataIndependent().epsilon(), privacy.epsilonDataIndependent().delta(),
        privacy.basis().description(), privacy.epsilonDataIndependent().order(),
        privacy.epsilonDataIndependent().conversion().id(), privacy.answered(),
        privacy.queries());
    // README:end
    return result;
  }

  /** Your own network: any DL4J configuration for the input shape and class count. */
  private static NetworkSpec network(int epochs) {
    return NetworkSpec.custom((shape, classes, seed) ->
        new NeuralNetConfiguration.Builder()
            .seed(seed)
            .updater(new Adam(2e-3))
            .list()
            .layer(new DenseLayer.Builder().nOut(128).activation(Activation.RELU).build())
            .layer(new OutputLayer.Builder(LossFunctions.LossFunction.NEGATIVELOGLIKELIHOOD)
                .nOut(classes).activation(Activation.SOFTMAX).build())
            .setInputType(shape.inputType())
            .build(), epochs, 32);
  }

  /** One split of the IDX files in {@code data}, e.g. {@code train-images-idx3-ubyte.gz}. */
  private static ImageDataset images(Path data, String split, String name) {
    IdxImages images = IdxReader.readImages(data.resolve(split + "-images-idx3-ubyte.gz"));
    IdxLabels labels = IdxReader.readLabels(data.resolve(split + "-labels-idx1-ubyte.gz"), 10);
    return ImageDataset.copyOf(name, images.rows(), images.cols(), 10, images.pixels(),
        labels.labels());
  }
}
