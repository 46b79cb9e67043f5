package org.nvlower.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** docs/DESIGN.md: the layers, lowest first; a layer never imports one above it. */
class LayerTest {

    /** Lowest first. Each entry is an ArchUnit package pattern. */
    static final List<String> LAYERS = List.of(
            "org.nvlower.softfloat..",
            "org.nvlower.diag..",
            "org.nvlower.nvptx..",
            "org.nvlower.libdevice..",
            "org.nvlower.llvm.ir..",
            "org.nvlower.llvm.analysis..",
            "org.nvlower.llvm.transform..",
            "org.nvlower.llvm.text..",
            "org.nvlower.llvm.bitcode..",
            "org.nvlower.llvm.exec..",
            "org.nvlower.sass",
            "org.nvlower.ptx..",
            "org.nvlower.sass.template..",
            "org.nvlower.llvm.runtime..",
            "org.nvlower.llvm.pass..",
            "org.nvlower.mlir..",
            "org.nvlower.pipeline..",
            "org.nvlower.gpu..",
            "org.nvlower.verify..",
            "org.nvlower.explore..",
            "org.nvlower.api..",
            "org.nvlower.cli..");

    static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.nvlower");

    @Test
    void lowerLayersNeverImportHigherOnes() {
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] higher = LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new);
            noClasses().that().resideInAPackage(LAYERS.get(i))
                    .should().dependOnClassesThat().resideInAnyPackage(higher)
                    .because("docs/DESIGN.md: " + LAYERS.get(i) + " sits below " + Arrays.toString(higher))
                    .allowEmptyShould(true)
                    .check(CLASSES);
        }
    }

    /** llvm.bitcode sits beside llvm.text (both read into llvm.ir): neither uses the other. */
    @Test
    void bitcodeAndTextAreSiblings() {
        noClasses().that().resideInAPackage("org.nvlower.llvm.bitcode..")
                .should().dependOnClassesThat().resideInAPackage("org.nvlower.llvm.text..")
                .check(CLASSES);
    }

    /** api sits beside cli (both on top): the library's entry points and the commands do not use each other. */
    @Test
    void apiAndCliAreSiblings() {
        noClasses().that().resideInAPackage("org.nvlower.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.nvlower.api..")
                .check(CLASSES);
    }

    @Test
    void softfloatHasNoDependencies() {
        noClasses().that().resideInAPackage("org.nvlower.softfloat..")
                .should().dependOnClassesThat().resideOutsideOfPackages("org.nvlower.softfloat..", "java..")
                .allowEmptyShould(true)
                .check(CLASSES);
    }
}
