package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;

class TypesAndConstantsUnitTest {

    private static GlobalVariable global(String text) {
        Module m = IrParser.parse("t.ll", text);
        return m.globals().get(m.globals().size() - 1);
    }

    private static Constant init(String type, String value) {
        return global("@g = global " + type + " " + value + "\n").initializer();
    }

    @Test
    void typesPrintCanonically() {
        // (a global of a function type itself is invalid in LLVM: "invalid type for global variable")
        for (String t : List.of("void ()*", "i1", "i128", "half", "bfloat", "float", "double", "x86_fp80", "fp128",
                "ppc_fp128", "ptr", "ptr addrspace(3)", "i32 addrspace(1)*", "i8**", "<4 x float>",
                "<vscale x 2 x i64>", "[3 x [2 x i8]]", "{ i32, float }", "<{ i8, i32 }>", "{}",
                "i32 (i8*, ...)*", "target(\"spirv.Image\", i8, 0)")) {
            Module m = IrParser.parse("t.ll", "@g = external global " + t + "\n");
            assertEquals(t, m.globals().get(0).valueType().toString(), t);
        }
    }

    @Test
    void typeQueries() {
        assertTrue(FloatType.FP128.isFp128());
        assertFalse(FloatType.PPC_FP128.isFp128());
        assertTrue(IntegerType.of(128).isInteger(128));
        assertFalse(IntegerType.of(64).isInteger(128));
        assertSame(IntegerType.of(32), IntegerType.I32);
        assertEquals(FloatType.FLOAT, VectorType.of(4, FloatType.FLOAT).scalarType());
        assertEquals("float (i32, ...)", new FunctionType(FloatType.FLOAT, List.of(IntegerType.I32), true).toString());
    }

    @Test
    void namedStructsAreOneObjectPerName() {
        Module m = IrParser.parse("t.ll", "%T = type { i32, %T* }\n%O = type opaque\n@g = global %T zeroinitializer\n");
        NamedStructType t = m.namedType("T");
        assertSame(t, m.globals().get(0).valueType());
        assertEquals(List.of(IntegerType.I32, PointerType.to(t, 0)), t.fields());
        assertTrue(m.namedType("O").isOpaque());
        assertEquals("%T", t.toString());
    }

    @Test
    void integerConstants() {
        assertEquals(BigInteger.valueOf(-1), ((ConstantInt) init("i8", "-1")).value());
        assertEquals(BigInteger.valueOf(255), ((ConstantInt) init("i8", "-1")).unsignedValue());
        assertEquals(new BigInteger("-170141183460469231731687303715884105728"),
                ((ConstantInt) init("i128", "-170141183460469231731687303715884105728")).value());
        assertEquals(BigInteger.ONE, ((ConstantInt) init("i1", "true")).value());
        assertEquals(BigInteger.valueOf(0xff), ((ConstantInt) init("i32", "u0xff")).value());
    }

    @Test
    void floatConstantsInEveryForm() {
        assertEquals(bits("3FF0000000000000"), ((ConstantFP) init("double", "1.000000e+00")).bits());
        assertEquals(bits("3FF0000000000000"), ((ConstantFP) init("double", "0x3FF0000000000000")).bits());
        assertEquals(BigInteger.valueOf(Float.floatToIntBits(0.1f)), ((ConstantFP) init("float", "0x3FB99999A0000000")).bits());
        assertEquals(BigInteger.valueOf(0x3f800000), ((ConstantFP) init("float", "1.0")).bits());
        assertEquals(BigInteger.valueOf(0x3C00), ((ConstantFP) init("half", "0xH3C00")).bits());
        assertEquals(BigInteger.valueOf(0x3C00), ((ConstantFP) init("half", "1.0")).bits());
        assertEquals(BigInteger.valueOf(0x3F80), ((ConstantFP) init("bfloat", "0xR3F80")).bits());
        // fp128: the low 64-bit word is written first
        assertEquals(bits("3FFF0000000000000000000000000000"),
                ((ConstantFP) init("fp128", "0xL00000000000000003FFF000000000000")).bits());
        assertEquals(bits("3FFF8000000000000000000000000000"), ((ConstantFP) init("fp128", "1.5")).bits());
        assertEquals(bits("BFFF0000000000000000000000000000"), ((ConstantFP) init("fp128", "-1.0")).bits());
        assertEquals(bits("3FFF8000000000000000"), ((ConstantFP) init("x86_fp80", "0xK3FFF8000000000000000")).bits());
        assertEquals(bits("3FFF8000000000000000"), ((ConstantFP) init("x86_fp80", "1.0")).bits());
        assertEquals(bits("3FF0000000000000"),
                ((ConstantFP) init("ppc_fp128", "0xM3FF00000000000000000000000000000")).bits());
        // smallest double subnormal widened to fp128 stays exact
        assertEquals(bits("3BCD0000000000000000000000000000"), ((ConstantFP) init("fp128", "0x0000000000000001")).bits());
    }

    @Test
    void inexactOrMistypedFloatsAreRejected() {
        assertThrows(InputException.class, () -> init("float", "0.1"));
        assertThrows(InputException.class, () -> init("float", "0xL00000000000000003FFF000000000000"));
        assertThrows(InputException.class, () -> init("i32", "1.0"));
    }

    @Test
    void floatConstantsPrintLikeLlvm() {
        assertEquals("1.000000e+00", IrPrinter.constant(ConstantFP.ofDouble(1.0)));
        assertEquals("1.000000e-01", IrPrinter.constant(ConstantFP.ofDouble(0.1)));
        assertEquals("0x3FD5555555555555", IrPrinter.constant(ConstantFP.ofDouble(1.0 / 3)));
        assertEquals("0x3FB99999A0000000", IrPrinter.constant(ConstantFP.ofFloat(0.1f)));
        assertEquals("0xL00000000000000003FFF000000000000",
                IrPrinter.constant(new ConstantFP(FloatType.FP128, bits("3FFF0000000000000000000000000000"))));
        assertEquals("0xK3FFF8000000000000000",
                IrPrinter.constant(new ConstantFP(FloatType.X86_FP80, bits("3FFF8000000000000000"))));
    }

    @Test
    void aggregatesStringsAndKeywords() {
        ConstantAggregate s = (ConstantAggregate) init("{ i32, [2 x i8] }", "{ i32 7, [2 x i8] c\"a\\00\" }");
        assertEquals(2, s.elements().size());
        assertInstanceOf(ConstantString.class, s.elements().get(1));
        assertEquals(List.of((byte) 'a', (byte) 0), toList(((ConstantString) s.elements().get(1)).bytes()));
        assertEquals(ConstantKeyword.Keyword.ZEROINITIALIZER, ((ConstantKeyword) init("[4 x i32]", "zeroinitializer")).keyword());
        assertEquals(ConstantKeyword.Keyword.POISON, ((ConstantKeyword) init("i32", "poison")).keyword());
        assertEquals(4, ((ConstantAggregate) init("<4 x i32>", "splat (i32 1)")).elements().size());
        assertEquals("{ i32 7, [2 x i8] c\"a\\00\" }", IrPrinter.constant(s));
        assertEquals(new StructType(true, List.of(IntegerType.I8)), ((ConstantAggregate) init("<{ i8 }>", "<{ i8 1 }>")).type());
    }

    @Test
    void constantExpressionsHaveTheirResultTypes() {
        String head = "@arr = global [3 x i16] zeroinitializer\n@x = global i32 0\n";
        ConstantExpr opaque = (ConstantExpr) global(head
                + "@g = global ptr getelementptr inbounds ([3 x i16], ptr @arr, i64 0, i64 1)\n").initializer();
        assertEquals(Opcode.GETELEMENTPTR, opaque.opcode());
        assertEquals(PointerType.OPAQUE, opaque.type());
        assertEquals(List.of("inbounds"), opaque.flags());
        ConstantExpr typed = (ConstantExpr) global("@arr = global [3 x i16] zeroinitializer\n"
                + "@g = global i16* getelementptr inbounds ([3 x i16], [3 x i16]* @arr, i64 0, i64 1)\n").initializer();
        assertEquals("i16*", typed.type().toString());
        ConstantExpr cast = (ConstantExpr) global(head + "@g = global i64 ptrtoint (ptr @x to i64)\n").initializer();
        assertEquals(IntegerType.I64, cast.type());
        assertEquals("ptrtoint (ptr @x to i64)", IrPrinter.constant(cast));
        ConstantExpr add = (ConstantExpr) global(head
                + "@g = global i64 add nuw (i64 ptrtoint (ptr @x to i64), i64 8)\n").initializer();
        assertEquals(IntegerType.I64, add.type());
    }

    @Test
    void blockAddressAndFriends() {
        Module m = IrParser.parse("t.ll", "@b = global ptr blockaddress(@f, %bb)\n@d = global ptr dso_local_equivalent @f\n"
                + "@n = global ptr no_cfi @f\ndefine void @f() {\n  br label %bb\nbb:\n  ret void\n}\n");
        assertEquals(BlockAddress.Kind.BLOCKADDRESS, ((BlockAddress) m.globals().get(0).initializer()).kind());
        assertEquals("%bb", ((BlockAddress) m.globals().get(0).initializer()).block());
        assertEquals(BlockAddress.Kind.DSO_LOCAL_EQUIVALENT, ((BlockAddress) m.globals().get(1).initializer()).kind());
        assertSame(m.function("f").orElseThrow(), ((BlockAddress) m.globals().get(2).initializer()).global());
    }

    @Test
    void globalsKnowTheirPointerType() {
        Module typed = IrParser.parse("t.ll", "@g = addrspace(1) global i32 0\n");
        assertEquals("i32 addrspace(1)*", typed.globals().get(0).type().toString());
        Module opaque = IrParser.parse("t.ll", "@g = addrspace(1) global ptr null\n");
        assertEquals("ptr addrspace(1)", opaque.globals().get(0).type().toString());
        assertNull(IrParser.parse("t.ll", "@e = external global i32\n").globals().get(0).initializer());
        Type array = global("@s = constant [2 x i8] c\"x\\00\"\n").valueType();
        assertEquals(new ArrayType(2, IntegerType.I8), array);
        assertEquals(PrimitiveType.VOID, IrParser.parse("t.ll", "declare void @f()\n").functions().get(0).returnType());
    }

    private static BigInteger bits(String hex) {
        return new BigInteger(hex, 16);
    }

    private static List<Byte> toList(byte[] bytes) {
        List<Byte> out = new java.util.ArrayList<>();
        for (byte b : bytes) {
            out.add(b);
        }
        return out;
    }
}
