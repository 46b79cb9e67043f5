package org.nvlower.sass.template;

import java.util.List;

/**
 * The seed's 88-byte template state (3-newton-raphson-math-templates, "Decision Algorithm"), one
 * per function and template, made on the template's first use in the function: the template's id
 * (+12), the ids of its three sections (+40, +56, +76; -1 in inline mode, which has none),
 * use_template_call (+8) and opt_level_nonneg (+9).
 */
public record TemplateState(int templateId, List<Integer> sectionIds, boolean useTemplateCall, boolean optLevelNonNeg) {

    public TemplateState {
        sectionIds = List.copyOf(sectionIds);
        if (sectionIds.size() != 3) {
            throw new IllegalArgumentException("a template state has three section ids");
        }
    }
}
