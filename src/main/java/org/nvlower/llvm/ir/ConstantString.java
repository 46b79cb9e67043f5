package org.nvlower.llvm.ir;

import java.io.ByteArrayOutputStream;

/** {@code c"..."}: an i8 array; {@code escaped} is the text between the quotes, {@code \XX} escapes kept. */
public record ConstantString(ArrayType type, String escaped) implements Constant {

    /** The C string: the bytes up to the first NUL, one char per byte (ISO-8859-1). */
    public String cString() {
        byte[] b = bytes();
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The bytes the string denotes. */
    public byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(escaped.length());
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c == '\\' && i + 1 < escaped.length() && escaped.charAt(i + 1) == '\\') {
                out.write('\\');
                i++;
            } else if (c == '\\' && i + 2 < escaped.length()
                    && Character.digit(escaped.charAt(i + 1), 16) >= 0 && Character.digit(escaped.charAt(i + 2), 16) >= 0) {
                out.write(Character.digit(escaped.charAt(i + 1), 16) * 16 + Character.digit(escaped.charAt(i + 2), 16));
                i += 2;
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }
}
