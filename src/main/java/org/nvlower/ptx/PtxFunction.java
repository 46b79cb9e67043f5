package org.nvlower.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code .entry} (kernel) or {@code .func}: linkage ({@code .visible}, {@code .extern},
 * {@code .weak} or none), return parameters (a {@code .func}'s), parameters, performance
 * directives ({@code .maxntid 128, 1, 1}, {@code .noreturn} ...) and the body, or null for a
 * declaration ({@code .extern .func f(...);}).
 */
public record PtxFunction(String linkage, boolean entry, List<Statement.Variable> returns, String name,
        List<Statement.Variable> params, List<Statement.Directive> attributes, List<Statement> body)
        implements PtxModule.Item {

    public PtxFunction {
        returns = List.copyOf(returns);
        params = List.copyOf(params);
        attributes = List.copyOf(attributes);
        body = body == null ? null : List.copyOf(body);
    }

    public boolean isDeclaration() {
        return body == null;
    }

    /** Every instruction of the body, nested blocks included, in order. */
    public List<Statement.Instruction> instructions() {
        List<Statement.Instruction> out = new ArrayList<>();
        if (body != null) {
            Statement.collect(body, out);
        }
        return out;
    }
}
