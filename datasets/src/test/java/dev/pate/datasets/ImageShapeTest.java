package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ImageShapeTest {
  @Test
  void parseReadsWhatToStringWrote() {
    for (ImageShape shape : new ImageShape[] {ImageShape.grey(28, 28), new ImageShape(3, 32, 24),
        ImageShape.grey(1, 7)}) {
      assertEquals(shape, ImageShape.parse(shape.toString()));
    }
  }

  @Test
  void parseRefusesWhatIsNotAShape() {
    for (String text : new String[] {"", "28", "28x", "x28", "28x28x2", "28x28x3x1", "axb",
        "0x28", "28x28x1"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ImageShape.parse(text), text);
      assertEquals(true, e.getMessage().contains("image"), e.getMessage());
    }
  }
}
