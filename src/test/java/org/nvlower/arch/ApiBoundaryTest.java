package org.nvlower.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The module's boundary (src/main/java/module-info.java exports {@link #EXPORTED}): the API tests
 * in {@code org.nvlower.consumer} use nvlower only through the exported packages, as a consumer of
 * the module must; and the API's public signatures expose nothing else of nvlower.
 */
class ApiBoundaryTest {

    /** The packages module-info.java exports. */
    static final String[] EXPORTED = {"org.nvlower.api", "org.nvlower.llvm.ir", "org.nvlower.diag"};

    @Test
    void consumerTestsUseOnlyExportedPackages() {
        JavaClasses consumer = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("org.nvlower.consumer");
        noClasses().that().resideInAPackage("org.nvlower.consumer..")
                .should().dependOnClassesThat(DescribedPredicate.describe(
                        "are nvlower classes outside the exported packages",
                        c -> c.getPackageName().startsWith("org.nvlower.")
                                && !c.getPackageName().startsWith("org.nvlower.consumer")
                                && !List.of(EXPORTED).contains(c.getPackageName())))
                .check(consumer);
    }

    @Test
    void apiSignaturesExposeOnlyExportedPackages() {
        JavaClasses api = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.nvlower.api");
        List<String> exposed = new ArrayList<>();
        for (JavaClass c : api) {
            if (!c.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (!u.getModifiers().contains(JavaModifier.PUBLIC)) {
                    continue;
                }
                List<JavaClass> types = new ArrayList<>(u.getRawParameterTypes());
                types.add(u.getRawReturnType());
                u.getThrowsClause().getTypes().forEach(types::add);
                for (JavaClass t : types) {
                    if (t.getPackageName().startsWith("org.nvlower.") && !List.of(EXPORTED).contains(t.getPackageName())) {
                        exposed.add(u.getFullName() + " exposes " + t.getName());
                    }
                }
            }
            for (JavaField f : c.getFields()) {
                JavaClass t = f.getRawType();
                if (f.getModifiers().contains(JavaModifier.PUBLIC) && t.getPackageName().startsWith("org.nvlower.")
                        && !List.of(EXPORTED).contains(t.getPackageName())) {
                    exposed.add(f.getFullName() + " exposes " + t.getName());
                }
            }
        }
        assertTrue(api.size() >= 8, "the API's classes were imported: " + api.size());
        assertEquals(List.of(), exposed);
    }
}
