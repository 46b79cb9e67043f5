/**
 * Diagnostics shared by every layer above {@code softfloat}: source positions and the typed
 * {@link org.nvlower.diag.InputException} for bad user input. Only the CLI prints them.
 */
package org.nvlower.diag;
