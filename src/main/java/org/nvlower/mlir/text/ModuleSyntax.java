package org.nvlower.mlir.text;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.StringAttr;

/**
 * {@code module [@name] [attributes {...}] {...}} and {@code gpu.module @name [attributes {...}] {...}}:
 * one block without arguments, no terminator (gpu.module's implicit {@code gpu.module_end} is
 * not kept).
 */
record ModuleSyntax(boolean gpu) implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        if (p.at(MlirToken.AT_IDENTIFIER) || gpu) {
            attrs.put("sym_name", new StringAttr(p.symbolName()));
        }
        attrs.putAll(p.parseOptionalAttrDictWithKeyword());
        Operation op = Operation.create(info.name(), List.of(), List.of(), attrs);
        p.pushDefaultDialect(info.defaultDialect());
        op.regions().add(p.parseRegion(List.of(), true));
        p.popDefaultDialect();
        return op;
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        if (op.symbolName() != null) {
            p.text(" @").text(org.nvlower.mlir.Attributes.keywordOrString(op.symbolName()));
        }
        p.attrDictWithKeyword(op.attributes(), Set.of("sym_name"));
        p.text(" ").region(op.region(0), false, false, OpRegistry.lookupCanonical(op.name()).defaultDialect());
    }

    @Override
    public String verify(Operation op) {
        if (!op.operands().isEmpty() || !op.results().isEmpty() || op.regions().size() != 1) {
            return "expects no operands, no results and one region";
        }
        List<Block> blocks = op.region(0).blocks();
        if (blocks.size() != 1 || !blocks.get(0).arguments().isEmpty()) {
            return "expects a body of one block without arguments";
        }
        if (gpu && op.symbolName() == null) {
            return "requires a 'sym_name' string attribute";
        }
        return null;
    }

    @Override
    public void normalizeGeneric(Operation op) {
        if (op.regions().size() == 1 && op.region(0).blocks().isEmpty()) {
            op.region(0).blocks().add(new Block()); // generic "({ })": MLIR gives a module one block
        }
        if (gpu && op.regions().size() == 1 && op.region(0).blocks().size() == 1) {
            List<Operation> ops = op.region(0).entry().operations();
            if (!ops.isEmpty() && ops.get(ops.size() - 1).name().equals("gpu.module_end")) {
                ops.remove(ops.size() - 1);
            }
        }
    }
}
