package dev.pate.datasets.groups;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupDrawTest {
  private static final List<Double> SHARES = List.of(0.34, 0.43, 0.23);

  @Test
  void aRecordsGroupDependsOnTheSeedAndItsPositionOnly() {
    GroupDraw draw = new GroupDraw(7, SHARES);
    int[] first = draw.groups(500);
    // More records, or fewer: the groups of the positions both have are the same.
    assertArrayEquals(first, Arrays.copyOf(new GroupDraw(7, SHARES).groups(900), 500));
    assertArrayEquals(Arrays.copyOf(first, 100), new GroupDraw(7, SHARES).groups(100));
    for (int p : new int[] {0, 17, 499}) {
      assertEquals(first[p], draw.groupOf(p));
    }
    // Another seed draws otherwise.
    assertTrue(!Arrays.equals(first, new GroupDraw(8, SHARES).groups(500)));
  }

  @Test
  void theSharesAreTheProportionsGiven() {
    int n = 60_000;
    int[] count = new int[3];
    for (int g : new GroupDraw(3, SHARES).groups(n)) {
      count[g]++;
    }
    for (int g = 0; g < 3; g++) {
      double share = count[g] / (double) n;
      // Binomial standard deviation is below 0.0021 here; 5 of them.
      assertEquals(SHARES.get(g), share, 0.0105, "group " + g);
    }
  }

  @Test
  void proportionsThatDoNotSumToOneAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> new GroupDraw(1, List.of(0.5, 0.4)));
    assertThrows(IllegalArgumentException.class,
        () -> new GroupDraw(1, List.of(1.2, -0.2)));
  }
}
