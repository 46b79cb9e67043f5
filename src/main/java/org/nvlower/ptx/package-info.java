/**
 * The PTX subset that kernels use, as data: {@link org.nvlower.ptx.PtxModule} (header, variables,
 * functions), read by {@link org.nvlower.ptx.PtxReader} (errors at {@code FILE:LINE:COL}) and
 * written back by {@link org.nvlower.ptx.PtxPrinter} in one canonical layout. Sits between
 * {@code sass} and {@code sass.template}: kernels in, math instructions out to the templates.
 */
package org.nvlower.ptx;
