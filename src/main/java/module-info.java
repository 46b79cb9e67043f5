/**
 * nvlower: the math lowering of NVIDIA's GPU compiler stack, as a library and a command.
 * Exported: {@code org.nvlower.api} (the entry points, docs/api.md), {@code org.nvlower.llvm.ir}
 * (the IR model and IrBuilder, to build and edit IR) and {@code org.nvlower.diag} (the source
 * positions both expose). Everything else is internal and may change in any release.
 */
module org.nvlower {
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires me.tongfei.progressbar;
    requires java.management;
    requires jdk.httpserver;
    // the SASS emulator compiles a program it runs often with the JDK's compiler when there is one
    // (org.nvlower.sass.ProgramCompiler); without it, it interprets
    requires static java.compiler;

    exports org.nvlower.api;
    exports org.nvlower.llvm.ir;
    exports org.nvlower.diag;

    // picocli builds the commands from their annotated fields by reflection; Jackson writes the
    // JSON of the target command, the target description and the explorer
    opens org.nvlower.cli to info.picocli, com.fasterxml.jackson.databind;
    opens org.nvlower.nvptx to com.fasterxml.jackson.databind;
    opens org.nvlower.explore to com.fasterxml.jackson.databind;
}
