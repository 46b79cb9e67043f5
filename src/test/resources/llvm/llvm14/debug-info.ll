; Debug information: specialized metadata nodes (DICompileUnit ... DIExpression), !dbg
; attachments, llvm.dbg.value / llvm.dbg.declare calls, DIArgList, distinct nodes.
source_filename = "dbg.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = dso_local global i32 0, align 4, !dbg !0

define dso_local double @scale(double %x, i32 %n) local_unnamed_addr #0 !dbg !14 {
entry:
  %buf = alloca [4 x i32], align 16
  call void @llvm.dbg.value(metadata double %x, metadata !20, metadata !DIExpression()), !dbg !24
  call void @llvm.dbg.value(metadata i32 %n, metadata !21, metadata !DIExpression()), !dbg !24
  call void @llvm.dbg.declare(metadata [4 x i32]* %buf, metadata !23, metadata !DIExpression()), !dbg !25
  %conv = sitofp i32 %n to double, !dbg !26
  %mul = fmul double %conv, %x, !dbg !27
  call void @llvm.dbg.value(metadata double %mul, metadata !22, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !24
  call void @llvm.dbg.value(metadata !DIArgList(i32 %n, double %x), metadata !22, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !24
  call void @llvm.dbg.value(metadata i32 undef, metadata !21, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_deref)), !dbg !24
  %old = load i32, i32* @counter, align 4, !dbg !28, !tbaa !29
  %inc = add nsw i32 %old, 1, !dbg !28
  store i32 %inc, i32* @counter, align 4, !dbg !28, !tbaa !29
  ret double %mul, !dbg !33
}

declare void @llvm.dbg.value(metadata, metadata, metadata) #1
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

attributes #0 = { nounwind uwtable "frame-pointer"="none" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!8, !9, !10, !11}
!llvm.ident = !{!12}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 1, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, retainedTypes: !5, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "dbg.c", directory: "/tmp/with \22quotes\22", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!4 = !{!40}
!5 = !{!42}
!6 = !{!0}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !{i32 1, !"wchar_size", i32 4}
!11 = !{i32 7, !"uwtable", i32 1}
!12 = !{!"clang version 14.0.6"}
!13 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!14 = distinct !DISubprogram(name: "scale", scope: !3, file: !3, line: 3, type: !15, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !19)
!15 = !DISubroutineType(types: !16)
!16 = !{!13, !13, !7}
!17 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 128, elements: !18)
!18 = !{!43}
!19 = !{!20, !21, !22, !23}
!20 = !DILocalVariable(name: "x", arg: 1, scope: !14, file: !3, line: 3, type: !13)
!21 = !DILocalVariable(name: "n", arg: 2, scope: !14, file: !3, line: 3, type: !7)
!22 = !DILocalVariable(name: "r", scope: !14, file: !3, line: 4, type: !13)
!23 = !DILocalVariable(name: "buf", scope: !14, file: !3, line: 5, type: !17, align: 128)
!24 = !DILocation(line: 0, scope: !14)
!25 = !DILocation(line: 5, column: 7, scope: !14)
!26 = !DILocation(line: 4, column: 14, scope: !14)
!27 = !DILocation(line: 4, column: 16, scope: !34, inlinedAt: !35)
!28 = !DILocation(line: 6, column: 10, scope: !14)
!29 = !{!30, !30, i64 0}
!30 = !{!"int", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C/C++ TBAA"}
!33 = !DILocation(line: 7, column: 3, scope: !14)
!34 = distinct !DILexicalBlock(scope: !14, file: !3, line: 4, column: 3)
!35 = distinct !DILocation(line: 9, column: 1, scope: !14)
!36 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!37 = !DIDerivedType(tag: DW_TAG_member, name: "field", scope: !38, file: !3, line: 10, baseType: !36, size: 64, offset: 64, flags: DIFlagPublic)
!38 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 9, size: 128, flags: DIFlagTypePassByValue, elements: !39, identifier: "_ZTS1S")
!39 = !{!37}
!40 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !3, line: 12, baseType: !44, size: 32, elements: !41)
!41 = !{!45, !46}
!42 = !DIDerivedType(tag: DW_TAG_typedef, name: "S_t", file: !3, line: 11, baseType: !38)
!43 = !DISubrange(count: 4)
!44 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!45 = !DIEnumerator(name: "A", value: 0, isUnsigned: true)
!46 = !DIEnumerator(name: "B", value: 4294967295, isUnsigned: true)
!47 = !DINamespace(name: "ns", scope: null)
!48 = !DIModule(scope: null, name: "mod", includePath: "/inc")
!49 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !2, entity: !47, file: !3, line: 20)
!50 = !DITemplateTypeParameter(name: "T", type: !7)
!51 = !DITemplateValueParameter(name: "N", type: !7, value: i32 3)
!52 = !DILabel(scope: !14, name: "out", file: !3, line: 8)
!53 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
!54 = !DIMacroFile(file: !3, nodes: !{!53})
!55 = !DIStringType(name: "character(*)", stringLength: !22, size: 32)
!56 = !DIGenericSubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_deref), upperBound: !DIExpression(DW_OP_constu, 5))
!57 = !DIObjCProperty(name: "p", file: !3, line: 30, setter: "setP:", getter: "p", attributes: 2316, type: !7)
!58 = !DICommonBlock(scope: !14, declaration: null, name: "blk")
!59 = !DILexicalBlockFile(scope: !34, file: !3, discriminator: 2)
!60 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
