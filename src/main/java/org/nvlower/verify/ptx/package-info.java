/** Checks of whole PTX kernels: every math instruction's expansion run in the emulator against the oracle. */
package org.nvlower.verify.ptx;
