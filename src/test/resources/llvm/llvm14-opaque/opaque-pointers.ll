; Opaque pointers (`ptr`, LLVM 15's default; LLVM 14 reads it with -opaque-pointers).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.node = type { ptr, i32 }

@head = global ptr null, align 8
@table = constant [2 x ptr] [ptr @head, ptr null]
@as1 = addrspace(1) global ptr addrspace(1) null
@ce = global ptr getelementptr inbounds (%struct.node, ptr @head, i64 0, i32 1)
@alias = alias ptr, ptr @head

declare ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)

define i32 @walk(ptr %n, ptr addrspace(1) %g) {
entry:
  %next.addr = getelementptr inbounds %struct.node, ptr %n, i64 0, i32 0
  %next = load ptr, ptr %next.addr, align 8
  %val.addr = getelementptr inbounds %struct.node, ptr %n, i32 0, i32 1
  %val = load i32, ptr %val.addr, align 8
  %cmp = icmp eq ptr %next, null
  br i1 %cmp, label %done, label %more

more:
  %rest = call i32 @walk(ptr %next, ptr addrspace(1) %g)
  %sum = add i32 %val, %rest
  br label %done

done:
  %r = phi i32 [ %val, %entry ], [ %sum, %more ]
  %x = cmpxchg ptr %n, ptr null, ptr %next seq_cst seq_cst, align 8
  %y = atomicrmw xchg ptr %next.addr, i64 0 acquire, align 8
  store ptr addrspace(1) %g, ptr addrspace(1) @as1, align 8
  %c = addrspacecast ptr addrspace(1) %g to ptr
  call void @llvm.memset.p0.i64(ptr align 8 %c, i8 0, i64 16, i1 false)
  %m = call ptr @malloc(i64 8)
  %byval.ok = call i32 @takes_byval(ptr byval(%struct.node) align 8 %n)
  ret i32 %r
}

declare i32 @takes_byval(ptr byval(%struct.node) align 8)
