; VALID
; Under swifttailcc (and tailcc) a musttail call need not match its caller's parameters.
define swifttailcc void @callee(i64* sret(i64) %r, i8* byval(i8) %b, i8* swiftself %s, i8* swiftasync %c) {
  ret void
}

define swifttailcc void @caller(i32 %x) {
  musttail call swifttailcc void @callee(i64* sret(i64) undef, i8* byval(i8) undef, i8* swiftself undef, i8* swiftasync undef)
  ret void
}
