package org.nvlower.llvm.bitcode;

import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Module;

/**
 * A module read from bitcode, with what only a printer in llvm-dis's style needs besides the
 * model: each block's predecessors in the order LLVM keeps their uses (the order bitcode's
 * USELIST records restore), for the {@code ; preds = ...} comments.
 */
public record BitcodeModule(Module module, Map<BasicBlock, List<BasicBlock>> predecessors) {
}
