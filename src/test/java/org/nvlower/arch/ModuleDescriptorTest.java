package org.nvlower.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The compiled module descriptor: the module exports exactly the API's packages
 * ({@link ApiBoundaryTest#EXPORTED}), opens the command classes to picocli only, and contains every
 * package of the sources (a package missing from the descriptor could not be loaded in the module).
 */
class ModuleDescriptorTest {

    @Test
    void exportsOnlyTheApi() throws IOException {
        ModuleDescriptor d;
        try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            d = ModuleDescriptor.read(in);
        }
        assertEquals("org.nvlower", d.name());
        assertEquals(new TreeSet<>(Set.of(ApiBoundaryTest.EXPORTED)),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toCollection(TreeSet::new)));
        assertTrue(d.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified));
        assertTrue(d.opens().stream().anyMatch(o -> o.source().equals("org.nvlower.cli") && o.targets().contains("info.picocli")));
        assertTrue(d.opens().stream().allMatch(ModuleDescriptor.Opens::isQualified), "no package is open to all");
    }
}
