; Third module of append-a.ll's link: another appending list and a declaration of b's @helper.
@llvm.compiler.used = appending global [1 x i8*] [i8* bitcast (i32 ()* @caller to i8*)], section "llvm.metadata"
declare i32 @helper()

define i32 @caller() {
  %r = call i32 @helper()
  ret i32 %r
}
