package org.nvlower.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/**
 * Damaged PTX never escapes as anything but an {@link InputException} with a position inside the
 * text: the fixtures with characters deleted, duplicated, replaced or tokens swapped, seeded. What
 * still reads must print to text that reads back to the same model.
 */
class PtxReaderFuzzTest {

    private static final String NOISE = ";,:[]{}()<>@!|+-=.%$_0123456789xfdU\"/* \n\tabz";

    @Test
    void damagedFixturesGiveAPositionedErrorOrAModelThatRoundTrips() {
        List<String> texts = new ArrayList<>();
        for (String name : PtxFixtures.NVCC) {
            texts.add(PtxFixtures.text(name));
        }
        texts.add(PtxFixtures.text(PtxFixtures.CANONICAL));
        SplittableRandom random = new SplittableRandom(12);
        int errors = 0;
        int read = 0;
        for (int i = 0; i < 3000; i++) {
            String text = texts.get(i % texts.size());
            StringBuilder sb = new StringBuilder(text);
            for (int k = random.nextInt(1, 4); k > 0; k--) {
                int at = random.nextInt(sb.length());
                switch (random.nextInt(4)) {
                    case 0 -> sb.deleteCharAt(at);
                    case 1 -> sb.insert(at, sb.charAt(at));
                    case 2 -> sb.setCharAt(at, NOISE.charAt(random.nextInt(NOISE.length())));
                    default -> sb.insert(at, "99999999999999999999");
                }
            }
            String damaged = sb.toString();
            try {
                PtxModule m = PtxReader.read("fuzz.ptx", damaged);
                String printed = PtxPrinter.print(m);
                assertEquals(m, PtxReader.read("printed.ptx", printed), damaged);
                read++;
            } catch (InputException e) {
                assertTrue(e.position() != null && e.position().line() <= damaged.split("\n", -1).length,
                        e.getMessage());
                errors++;
            } catch (RuntimeException e) {
                fail("not an InputException on damaged input: " + e + "\n" + damaged, e);
            }
        }
        assertTrue(errors > 1000 && read > 100, errors + " errors, " + read + " read");
    }
}
