package org.nvlower.llvm.ir;

/** The constants spelled by one keyword: {@code null}, {@code none}, {@code undef}, {@code poison}, {@code zeroinitializer}. */
public record ConstantKeyword(Keyword keyword, Type type) implements Constant {

    public enum Keyword {
        NULL("null"), NONE("none"), UNDEF("undef"), POISON("poison"), ZEROINITIALIZER("zeroinitializer");

        private final String text;

        Keyword(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }
}
