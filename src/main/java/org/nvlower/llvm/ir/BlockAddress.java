package org.nvlower.llvm.ir;

/**
 * The other constants that name a global: {@code blockaddress(@f, %bb)},
 * {@code dso_local_equivalent @f}, {@code no_cfi @f}. {@code block} is the block's reference
 * text for blockaddress and null otherwise.
 */
public record BlockAddress(Kind kind, Type type, GlobalValue global, String block) implements Constant {

    public enum Kind {
        BLOCKADDRESS("blockaddress"), DSO_LOCAL_EQUIVALENT("dso_local_equivalent"), NO_CFI("no_cfi");

        private final String keyword;

        Kind(String keyword) {
            this.keyword = keyword;
        }

        public String keyword() {
            return keyword;
        }
    }
}
