; Terminators and calls: br, switch, indirectbr + blockaddress, callbr, invoke, landingpad,
; resume, unreachable, Windows EH funclets, tail/musttail/notail, operand bundles, va_arg,
; calling conventions and call-site attributes.
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.va_list = type { i32, i32, i8*, i8* }

@targets = global [2 x i8*] [i8* blockaddress(@indirect, %a), i8* blockaddress(@indirect, %b)]
@typeinfo = external constant i8*

declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw(i32)
declare i32 @callee(i32, ...)
declare void @llvm.va_start(i8*)
declare void @llvm.va_end(i8*)
declare void @llvm.assume(i1)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i32 @llvm.eh.typeid.for(i8*)
declare fastcc i32 @fast(i32)
declare coldcc void @cold()
declare cc 64 void @numbered_cc()

define i32 @switches(i32 %x) {
entry:
  switch i32 %x, label %default [
    i32 0, label %zero
    i32 1, label %one
    i32 -5, label %one
  ]

zero:
  ret i32 10

one:
  ret i32 11

default:
  switch i32 %x, label %empty [ ]

empty:
  switch i8 0, label %end [ i8 1, label %end ]

end:
  ret i32 0
}

define i32 @indirect(i8* %t) {
entry:
  indirectbr i8* %t, [label %a, label %b]

a:
  ret i32 1

b:
  indirectbr i8* blockaddress(@indirect, %a), [label %a]
}

define i32 @asmgoto(i32 %x) {
entry:
  %r = callbr i32 asm "jmp ${1:l}", "=r,X,~{dirflag},~{fpsr},~{flags}"(i8* blockaddress(@asmgoto, %fail))
          to label %normal [label %fail]

normal:
  ret i32 %r

fail:
  ret i32 -1
}

define void @cxx_eh(i32 %x) personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

cont:
  %r = invoke i32 (i32, ...) @callee(i32 1, i32 2) #1
          to label %done unwind label %lpad2

done:
  ret void

lpad:
  %lp = landingpad { i8*, i32 }
          cleanup
  resume { i8*, i32 } %lp

lpad2:
  %lp2 = landingpad { i8*, i32 }
          catch i8* bitcast (i8** @typeinfo to i8*)
          catch i8* null
          filter [1 x i8*] [i8* bitcast (i8** @typeinfo to i8*)]
  %sel = extractvalue { i8*, i32 } %lp2, 1
  %id = call i32 @llvm.eh.typeid.for(i8* bitcast (i8** @typeinfo to i8*))
  %match = icmp eq i32 %sel, %id
  br i1 %match, label %done, label %unreach

unreach:
  unreachable
}

define void @windows_eh() personality i32 (...)* @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 0)
          to label %exit unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %handler, label %handler2] unwind label %cleanup

handler:
  %cp = catchpad within %cs [i8* null, i32 64, i8* null]
  call void @may_throw(i32 1) [ "funclet"(token %cp) ]
  catchret from %cp to label %exit

handler2:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %exit

cleanup:
  %cl = cleanuppad within none []
  call void @cold() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller

exit:
  ret void
}

define void @nested_eh() personality i32 (...)* @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 0)
          to label %exit unwind label %outer

outer:
  %o = cleanuppad within none []
  invoke void @may_throw(i32 1) [ "funclet"(token %o) ]
          to label %outer.ret unwind label %inner

outer.ret:
  cleanupret from %o unwind label %inner

inner:
  %cs = catchswitch within none [label %h] unwind to caller

h:
  %cp = catchpad within %cs [i8* null]
  catchret from %cp to label %exit

exit:
  ret void
}

define i32 @calls(i32 %x, i1 %c) {
  %a = call i32 @fast(i32 %x)
  %b = tail call fastcc i32 @fast(i32 %a)
  %c1 = notail call i32 (i32, ...) @callee(i32 %b, double 1.000000e+00, i8* null)
  call coldcc void @cold() #0
  call cc 64 void @numbered_cc()
  call void @llvm.assume(i1 %c) [ "align"(i32* null, i64 16), "nonnull"(i32* null) ]
  %d = call i32 @fast(i32 %x) [ "deopt"(i32 1, i32 2), "gc-live"(), "unknown-bundle"(i64 0) ]
  %e = call signext i32 @fast(i32 zeroext %d) #2
  %asm = call i32 asm sideeffect inteldialect "mov $0, $1", "=r,r,~{dirflag}"(i32 %e)
  %asm2 = call i32 asm alignstack "nop", "=r"() nounwind
  %via.bitcast = call i32 bitcast (i32 (i32)* @fast to i32 (i32)*)(i32 %x)
  %fp = call i32 (i32, ...) bitcast (void (i32)* @may_throw to i32 (i32, ...)*)(i32 1)
  ret i32 %c1
}

define i32 @tail(i32 %x) {
  %r = musttail call i32 @tail(i32 %x)
  ret i32 %r
}

define i32 @varargs(i32 %n, ...) {
  %ap = alloca %struct.va_list, align 8
  %ap8 = bitcast %struct.va_list* %ap to i8*
  call void @llvm.va_start(i8* %ap8)
  %v = va_arg i8* %ap8, i32
  %w = va_arg %struct.va_list* %ap, double
  call void @llvm.va_end(i8* %ap8)
  ret i32 %v
}

define void @ret_void() {
  br label %next

next:
  ret void
}

attributes #0 = { cold nounwind }
attributes #1 = { builtin }
attributes #2 = { nounwind readnone "call-site-attr"="x" }
