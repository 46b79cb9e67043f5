; llvm-link's suffixes: replacing a declaration uses up two (the new global's name clashes, the old one is
; renamed before it goes), so the clashing internal @t of rename-b.ll becomes @t.3.
@t = internal global i32 1
declare i32 @h()
define i32 @u() {
  %a = load i32, i32* @t
  %b = call i32 @h()
  ret i32 %a
}
