define internal i64 @callee(i64 %p, i64 %q) !dbg !10 {
  %d = sub i64 %q, %p, !dbg !15
  call void @llvm.dbg.value(metadata !DIArgList(i64 %p, i64 %d), metadata !14, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !15
  %1 = mul i64 %d, 3, !dbg !15
  ret i64 %1, !dbg !15
}

define i64 @caller(i64 %a, i64 %b) !dbg !16 {
  %1 = add i64 %a, 1, !dbg !17
  %2 = call i64 @callee(i64 %1, i64 %b), !dbg !17
  call void @llvm.dbg.value(metadata !DIArgList(i64 %2, i64 %1), metadata !18, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_stack_value)), !dbg !17
  ret i64 %2, !dbg !17
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!19, !19, !19}
!13 = !{!14}
!14 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 2, type: !19)
!15 = !DILocation(line: 2, column: 3, scope: !10)
!16 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 5, type: !11, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !20)
!17 = !DILocation(line: 6, column: 7, scope: !16)
!18 = !DILocalVariable(name: "t", scope: !16, file: !1, line: 6, type: !19)
!19 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!20 = !{!18}
