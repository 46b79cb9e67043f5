package org.nvlower.llvm.analysis;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Visibility;

/**
 * LLVM's rules on one global value (LLVM 14's {@code Verifier::visitGlobalValue},
 * {@code visitGlobalVariable}, {@code visitGlobalAlias}, {@code visitGlobalIFunc}, and the
 * parser's visibility check): a local symbol has default visibility; a declaration (for the
 * linker: also {@code available_externally}) and a {@code common} global are in no comdat;
 * {@code @llvm.used}/{@code @llvm.compiler.used} are appending arrays of pointers listing named
 * globals; {@code @llvm.global_ctors}/{@code _dtors} arrays of {@code { i32, ptr, ptr }}; an
 * alias points at definitions only; an ifunc resolver returns a pointer. Pointee types are not
 * compared, as LLVM 19 reads typed pointers as opaque. The messages are LLVM 14's.
 */
final class GlobalRules {

    private GlobalRules() {
    }

    /** The first problem of {@code g}, or null. */
    static String problem(GlobalValue g) {
        if (g.linkage().isLocal() && g.visibility() != Visibility.DEFAULT) {
            return "symbol with local linkage must have default visibility";
        }
        if (g.comdat() != null && declarationForLinker(g)) {
            return "Declaration may not be in a Comdat!";
        }
        if (g.comdat() != null && g.linkage() == Linkage.COMMON) {
            return "'common' global may not be in a Comdat!";
        }
        return switch (g) {
            case GlobalVariable v when g.name().equals("llvm.used") || g.name().equals("llvm.compiler.used") -> used(v);
            case GlobalVariable v when g.name().equals("llvm.global_ctors") || g.name().equals("llvm.global_dtors") ->
                    structors(v);
            case GlobalAlias a when a.isIfunc() -> a.target() != null && a.target().stripPointerCasts() instanceof Function r
                    && !(r.returnType() instanceof PointerType) ? "IFunc resolver has incorrect type" : null;
            case GlobalAlias a -> a.target() == null ? null : aliasee(a.target(), new HashSet<>());
            default -> null;
        };
    }

    /** A function without a body, a variable without an initializer, or an available_externally one. */
    private static boolean declarationForLinker(GlobalValue g) {
        return g.linkage() == Linkage.AVAILABLE_EXTERNALLY || g instanceof Function f && f.isDeclaration()
                || g instanceof GlobalVariable v && v.initializer() == null;
    }

    private static String used(GlobalVariable v) {
        if (!(v.valueType() instanceof ArrayType a) || !(a.element() instanceof PointerType)
                || v.linkage() != Linkage.APPENDING) {
            return "wrong type for intrinsic global variable";
        }
        if (v.initializer() == null) {
            return null;
        }
        if (!(v.initializer() instanceof ConstantAggregate list)) {
            return "wrong initalizer for intrinsic global variable";
        }
        for (Constant e : list.elements()) {
            Constant member = e.stripPointerCasts();
            if (!(member instanceof GlobalValue)) {
                return "invalid llvm.used member";
            }
            if (!((GlobalValue) member).hasName()) {
                return "members of llvm.used must be named";
            }
        }
        return null;
    }

    /** An array of {@code { i32, void ()*, i8* }}: the third field is required since LLVM 14 too. */
    private static String structors(GlobalVariable v) {
        if (!(v.valueType() instanceof ArrayType a)) {
            return null; // LLVM checks arrays only
        }
        List<Type> fields = switch (a.element()) {
            case StructType s -> s.fields();
            case NamedStructType n -> n.isOpaque() ? null : n.fields();
            default -> null;
        };
        if (fields == null || fields.size() != 2 && fields.size() != 3 || !fields.get(0).isInteger(32)
                || !(fields.get(1) instanceof PointerType)) {
            return "wrong type for intrinsic global variable";
        }
        if (fields.size() == 2) {
            return "the third field of the element type is mandatory, specify i8* null to migrate from the obsoleted "
                    + "2-field form";
        }
        return fields.get(2) instanceof PointerType ? null : "wrong type for intrinsic global variable";
    }

    /** Every global an aliasee expression names is a definition; aliases are followed, not in a cycle. */
    private static String aliasee(Constant c, Set<GlobalAlias> visited) {
        if (c instanceof GlobalValue g) {
            if (declarationForLinker(g) && !(g instanceof GlobalAlias)) {
                return "Alias must point to a definition";
            }
            if (g instanceof GlobalAlias next && !next.isIfunc()) {
                if (!visited.add(next)) {
                    return "Aliases cannot form a cycle";
                }
                return next.target() == null ? null : aliasee(next.target(), visited);
            }
            return null;
        }
        if (c instanceof ConstantExpr e) {
            for (Constant o : e.operands()) {
                String p = aliasee(o, visited);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }
}
