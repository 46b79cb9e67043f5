target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00"

define fp128 @addq(fp128 %a, fp128 %b, i64 %n) !dbg !10 {
entry:
  %s = fadd fp128 %a, %b, !dbg !15
  %m = mul i64 %n, 3, !dbg !15
  call void @llvm.dbg.value(metadata !DIArgList(fp128 %s, i64 %m), metadata !14, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !15
  %r = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @.str, i64 0, i64 0)), !dbg !15
  call void @llvm.dbg.value(metadata !DIArgList(i32 %r, i64 %n), metadata !14, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !15
  %c = icmp ne i32 %r, 0, !dbg !15
  br i1 %c, label %ftz, label %done, !dbg !15

ftz:
  %t = fmul fp128 %s, %s, !dbg !15
  call void @llvm.dbg.value(metadata !DIArgList(fp128 %t, i64 %n), metadata !14, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !15
  br label %done, !dbg !15

done:
  %v = phi fp128 [ %t, %ftz ], [ %s, %entry ], !dbg !15
  ret fp128 %v, !dbg !15
}

declare i32 @__nvvm_reflect(i8*)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.cu", directory: "/tmp")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "addq", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!19, !19, !19}
!13 = !{!14}
!14 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 2, type: !19)
!15 = !DILocation(line: 2, column: 3, scope: !10)
!19 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
