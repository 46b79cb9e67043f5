; CRLF line endings everywhere.
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 7

define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 1 ; comment
  ret i32 %y
}
