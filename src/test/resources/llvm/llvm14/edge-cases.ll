; Lexical and structural edge cases: quoted and escaped names everywhere, names that look like
; keywords or numbers, numbered values mixed with names, unnamed blocks, uselistorder_bb,
; blockaddress of a numbered block, huge and tiny literals, empty aggregates, deep nesting.
target triple = "x86_64-unknown-linux-gnu"

%"type with spaces" = type { i32 }
%0 = type { %"type with spaces", [0 x i8] }
%"\01weird" = type opaque

@"\22quoted\22" = global i32 0
@"with space" = global %"type with spaces" zeroinitializer
@"" = global i32 0
@define = global i32 1
@i32 = global i32 2
@.hidden.dot = global i32 3
@-dash = global i32 4
@$dollar = global i32 5
@nested = global [2 x { [1 x <2 x i8>], {} }] [{ [1 x <2 x i8>], {} } { [1 x <2 x i8>] [<2 x i8> <i8 1, i8 2>], {} zeroinitializer }, { [1 x <2 x i8>], {} } zeroinitializer]
@empty.struct = global {} {}
@empty.array = global [0 x i32] []
@big = global i128 -170141183460469231731687303715884105728
@tiny = global double 4.940660e-324
@longstr = global [40 x i8] c"0123456789012345678901234567890123456789"
@ba = global i8* blockaddress(@numbered, %3)

define i32 @numbered(i32 %0, i32 %named) {
  %2 = add i32 %0, %named
  br label %3

3:
  %"quoted local" = mul i32 %2, %2
  %4 = sub i32 %"quoted local", 1
  %"5" = add i32 %4, 1
  %define = add i32 %"5", 0
  br label %"block with space"

"block with space":
  %-neg = add i32 %define, -1
  %.dot = add i32 %-neg, 1
  %$d = add i32 %.dot, 1
  ret i32 %$d
}

define void @unnamed_entry() {
  br label %1

1:
  ret void
}

define void @"\01quoted fn"(i32 %"quoted arg") {
"quoted entry":
  %x = add i32 %"quoted arg", 0
  ret void
}

define i8* @uses_ba() {
  ret i8* blockaddress(@numbered, %"block with space")
}

define void @uselist(i32 %a) {
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  %z = add i32 %a, 3
  ret void
  uselistorder i32 %a, { 2, 0, 1 }
}

uselistorder_bb @numbered, %"block with space", { 1, 0 }
