package org.nvlower.nvptx;

/** What SelectionDAG's type legalizer does with a machine value type (seed 2, "Feature Flag Offsets"). */
public enum TypeAction {
    LEGAL,
    PROMOTE,
    EXPAND,
    SCALARIZE,
    SPLIT_VECTOR
}
