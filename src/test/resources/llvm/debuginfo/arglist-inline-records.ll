; the same module as arglist-inline.ll, as LLVM 19 prints it (opt -S 19): debug records
source_filename = "small14.ll"

define internal i64 @callee(i64 %p, i64 %q) !dbg !4 {
  %d = sub i64 %q, %p, !dbg !10
    #dbg_value(!DIArgList(i64 %p, i64 %d), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !10)
  %1 = mul i64 %d, 3, !dbg !10
  ret i64 %1, !dbg !10
}

define i64 @caller(i64 %a, i64 %b) !dbg !11 {
  %1 = add i64 %a, 1, !dbg !14
  %2 = call i64 @callee(i64 %1, i64 %b), !dbg !14
    #dbg_value(!DIArgList(i64 %2, i64 %1), !13, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_stack_value), !14)
  ret i64 %2, !dbg !14
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!5 = !DISubroutineType(types: !6)
!6 = !{!7, !7, !7}
!7 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!8 = !{!9}
!9 = !DILocalVariable(name: "s", scope: !4, file: !1, line: 2, type: !7)
!10 = !DILocation(line: 2, column: 3, scope: !4)
!11 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 5, type: !5, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!12 = !{!13}
!13 = !DILocalVariable(name: "t", scope: !11, file: !1, line: 6, type: !7)
!14 = !DILocation(line: 6, column: 7, scope: !11)
