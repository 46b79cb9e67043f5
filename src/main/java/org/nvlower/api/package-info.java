/**
 * nvlower as a library: the entry points a JVM GPU compiler calls in-process.
 * <ul>
 * <li>{@link org.nvlower.api.LlvmIr}: read (text, bitcode), print, verify LLVM IR; the model it
 *     reads into, {@code org.nvlower.llvm.ir}, is exported too, with its
 *     {@link org.nvlower.llvm.ir.IrBuilder}, to build and edit IR;</li>
 * <li>{@link org.nvlower.api.CiccOptions}: the options, parsed from cicc's own;</li>
 * <li>{@link org.nvlower.api.Passes}: each pass (Lower128, NVVMReflect with branch folding,
 *     libdevice linking, folding, MathToLibdevice) and the whole compile chain;</li>
 * <li>{@link org.nvlower.api.MathTemplates}: ptxas's math templates, expanded and verified;</li>
 * <li>{@link org.nvlower.api.RuntimeFunctions}: the fp128/i128 runtime functions evaluated.</li>
 * </ul>
 * Every failure caused by input is a {@link org.nvlower.api.NvlowerException} with its position;
 * nothing prints or exits.
 *
 * <pre>{@code
 * CiccOptions o = CiccOptions.parse("-arch=sm_80").withRuntimeLinked(true);
 * Module m = LlvmIr.read(Path.of("kernel.ll"));
 * Passes.compile(m, o);
 * LlvmIr.write(m, Path.of("kernel.lowered.ll"));   // ready for llc -march=nvptx64
 * }</pre>
 */
package org.nvlower.api;
