/**
 * The catalog of libdevice's math functions ({@link org.nvlower.libdevice.LibdeviceFunction}):
 * names, signatures, and how each is evaluated on the host; below both the MLIR lowering and the
 * LLVM passes, which read its rows.
 */
package org.nvlower.libdevice;
