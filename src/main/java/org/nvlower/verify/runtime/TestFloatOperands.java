package org.nvlower.verify.runtime;

import static org.nvlower.llvm.runtime.RuntimeFunction.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.zip.GZIPInputStream;

import org.nvlower.diag.InputException;

import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.runtime.RuntimeFunction;
/**
 * Which Berkeley TestFloat vector files apply to which runtime functions, and their operands as
 * runtime operand words. Only the operands are used: the expected result is always softfloat's
 * under the runtime's own semantics (NVPTX NaNs, saturating truncation, fmod), which TestFloat's
 * x86 results do not all share. A 32-bit integer operand feeds the 8- and 16-bit rows too (its
 * low bits), a 64-bit one the 128-bit rows (sign- or zero-extended).
 */
public final class TestFloatOperands {

    private TestFloatOperands() {
    }

    /** The TestFloat function, its operand types in TestFloat's names, and the rows its operands feed. */
    private record Source(List<String> types, List<RuntimeFunction> functions) {
    }

    private static final List<RuntimeFunction> FCMP = List.of(FCMP_OEQ, FCMP_OGT, FCMP_OGE, FCMP_OLT, FCMP_OLE,
            FCMP_ONE, FCMP_ORD, FCMP_UNO, FCMP_UEQ, FCMP_UGT, FCMP_UGE, FCMP_ULT, FCMP_ULE, FCMP_UNE);
    private static final List<RuntimeFunction> TO_INT = List.of(FP128_TO_UINT8, FP128_TO_UINT16, FP128_TO_UINT32,
            FP128_TO_UINT64, FP128_TO_UINT128, FP128_TO_INT8, FP128_TO_INT16, FP128_TO_INT32, FP128_TO_INT64,
            FP128_TO_INT128);

    private static final Map<String, Source> SOURCES = new LinkedHashMap<>();

    static {
        List<String> two = List.of("f128", "f128");
        SOURCES.put("f128_add", new Source(two, List.of(ADD_FP128, SUB_FP128)));
        SOURCES.put("f128_sub", new Source(two, List.of(ADD_FP128, SUB_FP128)));
        SOURCES.put("f128_mul", new Source(two, List.of(MUL_FP128, DIV_FP128)));
        SOURCES.put("f128_div", new Source(two, List.of(DIV_FP128, REM_FP128)));
        SOURCES.put("f128_rem", new Source(two, List.of(REM_FP128)));
        for (String cmp : List.of("f128_eq", "f128_le", "f128_lt", "f128_eq_signaling", "f128_le_quiet", "f128_lt_quiet")) {
            SOURCES.put(cmp, new Source(two, FCMP));
        }
        SOURCES.put("f128_to_f32", new Source(List.of("f128"), List.of(FP128_TO_FLOAT, FP128_TO_DOUBLE)));
        SOURCES.put("f128_to_f64", new Source(List.of("f128"), List.of(FP128_TO_DOUBLE, FP128_TO_FLOAT)));
        for (String to : List.of("i32", "i64", "ui32", "ui64")) {
            SOURCES.put("f128_to_" + to, new Source(List.of("f128"), TO_INT));
        }
        SOURCES.put("f128_roundToInt", new Source(List.of("f128"), TO_INT));
        SOURCES.put("f32_to_f128", new Source(List.of("f32"), List.of(FLOAT_TO_FP128, CVT_F32_U128_RZ, CVT_F32_I128_RZ)));
        SOURCES.put("f64_to_f128", new Source(List.of("f64"), List.of(DOUBLE_TO_FP128, CVT_F64_U128_RZ, CVT_F64_I128_RZ)));
        for (String to : List.of("i32", "i64", "ui32", "ui64")) {
            SOURCES.put("f32_to_" + to, new Source(List.of("f32"), List.of(CVT_F32_U128_RZ, CVT_F32_I128_RZ)));
            SOURCES.put("f64_to_" + to, new Source(List.of("f64"), List.of(CVT_F64_U128_RZ, CVT_F64_I128_RZ)));
        }
        SOURCES.put("i32_to_f128", new Source(List.of("i32"), List.of(INT8_TO_FP128, INT16_TO_FP128, INT32_TO_FP128)));
        SOURCES.put("ui32_to_f128", new Source(List.of("ui32"),
                List.of(UINT8_TO_FP128, UINT16_TO_FP128, UINT32_TO_FP128)));
        SOURCES.put("i64_to_f128", new Source(List.of("i64"),
                List.of(INT64_TO_FP128, INT128_TO_FP128, CVT_I128_F32_RN, CVT_I128_F64_RN)));
        SOURCES.put("ui64_to_f128", new Source(List.of("ui64"),
                List.of(UINT64_TO_FP128, UINT128_TO_FP128, CVT_U128_F32_RN, CVT_U128_F64_RN)));
        for (String to : List.of("f32", "f64")) {
            SOURCES.put("i64_to_" + to, new Source(List.of("i64"), List.of(INT128_TO_FP128, CVT_I128_F32_RN, CVT_I128_F64_RN)));
            SOURCES.put("ui64_to_" + to, new Source(List.of("ui64"),
                    List.of(UINT128_TO_FP128, CVT_U128_F32_RN, CVT_U128_F64_RN)));
        }
    }

    /** The TestFloat function of a vector file name ({@code f128_add.near_even.txt.gz} gives f128_add). */
    public static String functionOf(String fileName) {
        int dot = fileName.indexOf('.');
        return dot < 0 ? fileName : fileName.substring(0, dot);
    }

    /** Whether some runtime function takes the operands of {@code testFloatFunction}. */
    public static boolean applies(String testFloatFunction) {
        return SOURCES.containsKey(testFloatFunction);
    }

    /** The runtime functions the operands of {@code testFloatFunction} feed. */
    public static List<RuntimeFunction> functions(String testFloatFunction) {
        Source s = SOURCES.get(testFloatFunction);
        return s == null ? List.of() : s.functions();
    }

    /** The vector files in {@code dir} that apply, sorted by name. */
    public static List<Path> files(Path dir) {
        List<Path> list = new ArrayList<>();
        try (var stream = Files.list(dir)) {
            stream.filter(p -> p.getFileName().toString().endsWith(".txt.gz")
                    && applies(functionOf(p.getFileName().toString()))).sorted().forEach(list::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return list;
    }

    /** Calls {@code action} with each runtime function and its operand words, for every line of a vector file. */
    public static void forEach(Path file, BiConsumer<RuntimeFunction, long[]> action) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            forEach(in, functionOf(file.getFileName().toString()), file.toString(), action);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #forEach(Path, BiConsumer)} on an (unzipped) stream of lines of {@code testFloatFunction}. */
    public static void forEach(InputStream lines, String testFloatFunction, String source,
            BiConsumer<RuntimeFunction, long[]> action) throws IOException {
        Source s = SOURCES.get(testFloatFunction);
        if (s == null) {
            throw new InputException("no runtime function takes the operands of " + testFloatFunction);
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(lines, StandardCharsets.US_ASCII));
        String line;
        int number = 0;
        while ((line = r.readLine()) != null) {
            number++;
            String[] fields = line.trim().split("\\s+");
            if (fields.length < s.types().size()) {
                throw new InputException(source + ":" + number + ": expected " + s.types().size() + " operands");
            }
            BigInteger[] values = new BigInteger[fields.length];
            for (int i = 0; i < s.types().size(); i++) {
                values[i] = new BigInteger(fields[i], 16);
            }
            for (RuntimeFunction f : s.functions()) {
                action.accept(f, words(f, s.types(), values));
            }
        }
    }

    /** The operand words of {@code f} from TestFloat operands (narrowed or extended to f's types). */
    private static long[] words(RuntimeFunction f, List<String> types, BigInteger[] values) {
        long[] out = new long[f.operandWords()];
        int w = 0;
        for (int i = 0; i < f.parameterTypes().size(); i++) {
            ValueType t = f.parameterTypes().get(i);
            BigInteger v = values[i];
            String from = types.get(i);
            if (t.words() == 2) {
                if (from.equals("i64") && v.testBit(63)) {
                    v = v.subtract(BigInteger.ONE.shiftLeft(64)); // sign-extend
                }
                out[w++] = v.shiftRight(64).longValue();
                out[w++] = v.longValue();
            } else {
                long bits = v.longValue();
                out[w++] = t.bits() >= 64 ? bits : bits & ((1L << t.bits()) - 1);
            }
        }
        return out;
    }
}
