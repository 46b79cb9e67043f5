; LLVM 19+ debug records (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label) instead of
; llvm.dbg.* intrinsic calls, with opaque pointers and DIArgList operands.
source_filename = "records.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define dso_local i32 @sum(i32 noundef %a, i32 noundef %b) !dbg !10 {
entry:
  %slot = alloca i32, align 4, !DIAssignID !20
    #dbg_assign(i1 undef, !16, !DIExpression(), !20, ptr %slot, !DIExpression(), !17)
    #dbg_declare(ptr %slot, !16, !DIExpression(), !17)
    #dbg_value(i32 %a, !14, !DIExpression(), !17)
    #dbg_value(i32 %b, !15, !DIExpression(), !17)
  %add = add nsw i32 %a, %b, !dbg !18
    #dbg_value(!DIArgList(i32 %a, i32 %b), !16, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !17)
    #dbg_value(i32 poison, !14, !DIExpression(), !17)
  br label %out, !dbg !18

out:
    #dbg_label(!21, !17)
  ret i32 %add, !dbg !19
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang version 19.1.0", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "records.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!22, !22, !22}
!13 = !{!14, !15, !16}
!14 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 1, type: !22)
!15 = !DILocalVariable(name: "b", arg: 2, scope: !10, file: !1, line: 1, type: !22)
!16 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 2, type: !22)
!17 = !DILocation(line: 0, scope: !10)
!18 = !DILocation(line: 2, column: 13, scope: !10)
!19 = !DILocation(line: 3, column: 3, scope: !10)
!20 = distinct !DIAssignID()
!21 = !DILabel(scope: !10, name: "out", file: !1, line: 3)
!22 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
