package org.nvlower.llvm.corpus;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/** What the IR fuzzer starts from, and what it checks: the round-trip subject. */
final class FuzzSeeds {

    private FuzzSeeds() {}

    /** The seed of the suite's fuzz run and the default of bench/ir-fuzz. */
    static final long SEED = 20261122;

    /**
     * The fuzz subject: parse; if that succeeds, printing must give the input back exactly, both
     * as parsed and after every function body has been materialized into the model (the parser
     * reads bodies lazily, so that is a second path through the parser and printer).
     */
    static final Fuzzer.Subject ROUND_TRIP = input -> {
        Module m = IrParser.parse("fuzz.ll", input);
        String printed = IrPrinter.print(m);
        if (!printed.equals(input)) {
            throw new Fuzzer.Mismatch(RoundTrip.firstDifference(input, printed));
        }
        m.functions().forEach(Function::materialize);
        String again = IrPrinter.print(m);
        if (!again.equals(input)) {
            throw new Fuzzer.Mismatch("after materializing the bodies: " + RoundTrip.firstDifference(input, again));
        }
    };

    /**
     * Every fixture,
     * plus {@code libdeviceFunctions} self-contained libdevice functions when available.
     */
    static List<String> seeds(Optional<String> libdevice, int libdeviceFunctions) {
        List<String> seeds = new ArrayList<>();
        for (var p : Fixtures.all()) {
            seeds.add(Corpus.read(p));
        }
        libdevice.ifPresent(text -> seeds.addAll(LibdeviceSlices.standaloneFunctions(text, libdeviceFunctions)));
        return seeds;
    }

    /** Every line of every seed, plus (when available) every 7th line of libdevice. */
    static List<String> donors(List<String> seeds, Optional<String> libdevice) {
        Set<String> lines = new LinkedHashSet<>();
        for (String s : seeds) {
            s.lines().forEach(lines::add);
        }
        libdevice.ifPresent(text -> {
            List<String> all = text.lines().toList();
            for (int i = 0; i < all.size(); i += 7) {
                lines.add(all.get(i));
            }
        });
        return List.copyOf(lines);
    }
}
