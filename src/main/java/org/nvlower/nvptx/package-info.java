/**
 * The target description every other nvlower system consults (seed 2, "NVPTX Target
 * Infrastructure"): cicc's command-line options ({@link org.nvlower.nvptx.CompileOptions}), the
 * 45-entry SM processor table ({@link org.nvlower.nvptx.SmProcessor}), the TargetMachine built by
 * either of cicc's two construction paths ({@link org.nvlower.nvptx.TargetMachine}), triples and
 * data layouts, the subtarget's type legality and feature table, the cost model (TTI), the knob
 * registry and the {@code __nvvm_reflect} map. Depends only on {@code diag} and {@code java.*}.
 */
package org.nvlower.nvptx;
