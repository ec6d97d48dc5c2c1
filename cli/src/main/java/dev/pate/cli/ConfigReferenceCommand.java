package dev.pate.cli;

import dev.pate.config.ConfigReference;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code pate config-reference}: prints docs/configuration.md, generated from the schema. */
@Command(name = "config-reference", mixinStandardHelpOptions = true,
    description = {"Print the reference of every config key (type, allowed values, default,"
        + " meaning), generated from the config schema: the text of " + ConfigReference.FILE
        + "."},
    footerHeading = HelpExamples.HEADING,
    footer = {"  " + ConfigReference.REGENERATE})
final class ConfigReferenceCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    System.out.print(ConfigReference.markdown());
    return 0;
  }
}
