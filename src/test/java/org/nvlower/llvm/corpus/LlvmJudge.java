package org.nvlower.llvm.corpus;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * LLVM's verdict on many {@code .ll} files, as llvm-as gives it (parse, upgrades, Verifier). Each
 * file's verdict is absent when LLVM accepts it cleanly, else the first line of LLVM's complaint; a
 * file whose debug info LLVM drops ("ignoring invalid debug info") has a verdict starting with
 * {@code warning: }, and one LLVM crashed on starts with {@link #CRASH}.
 */
interface LlvmJudge {

    /** How a verdict starts when LLVM crashed on the file (a stack dump) instead of judging it. */
    String CRASH = "crash: LLVM crashed in ";

    /** The verdicts of {@code files}, with up to {@code threads} LLVM processes at a time. */
    Map<Path, String> verdicts(List<Path> files, int threads);
}
