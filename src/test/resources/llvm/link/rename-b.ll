; Second module of rename-a.ll's link.
@t = internal global i32 2
define i32 @h() {
  %a = load i32, i32* @t
  ret i32 %a
}
