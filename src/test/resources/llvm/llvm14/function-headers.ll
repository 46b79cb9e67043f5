; Function headers with every part: linkage, visibility, DLL storage, calling convention,
; return and parameter attributes, unnamed_addr, address space, attribute groups and inline
; attributes, section, partition, comdat, alignment, gc, prefix, prologue, personality, metadata.
target datalayout = "e-m:e-p:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.big = type { [8 x i64] }
$grp = comdat any

declare i32 @personality(...)

define private void @p() { ret void }
define internal fastcc void @i() unnamed_addr { ret void }
define available_externally hidden void @ae() { ret void }
define linkonce protected void @lo() { ret void }
define weak dllexport void @w() { ret void }
define linkonce_odr hidden void @lodr() local_unnamed_addr comdat($grp) { ret void }
define weak_odr void @wodr() { ret void }
define dso_local void @dl() { ret void }
declare extern_weak void @ew()
declare dllimport void @di()

define x86_vectorcallcc void @vcc() { ret void }
define preserve_mostcc void @pm() { ret void }
define swiftcc void @swift(i8* swiftself %s, i8** swifterror %e) { ret void }
define ptx_kernel void @kernel(float addrspace(1)* noalias nocapture readonly align 4 %p) { ret void }
define ptx_device float @device(float %x) { ret float %x }
define amdgpu_kernel void @amd() { ret void }
define spir_func void @spir() { ret void }
define tailcc void @tailcc() { ret void }
define cfguard_checkcc void @cfg(i8* %x) { ret void }

define noundef nonnull align 8 dereferenceable(16) i64* @ret_attrs(i64* returned %p) {
  ret i64* %p
}

define void @param_attrs(
    %struct.big* byval(%struct.big) align 8 %a,
    %struct.big* sret(%struct.big) %b,
    i8* nest %n,
    i32 inreg signext %c,
    i8 zeroext %d,
    i32* dereferenceable_or_null(4) %e,
    i32* nofree noundef writeonly %f,
    i32* readnone %g,
    i32* preallocated(i32) %h,
    i32* %ii,
    i64 noundef %j,
    i8* "string-param-attr" %k,
    i8* "kv-param"="value" %l,
    <4 x i32> noundef %v) {
  ret void
}

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #4
declare void @inalloca_decl(i32* inalloca(i32))
declare void @sret_unnamed(%struct.big* sret(%struct.big) align 4, i32 %named)
declare align 16 i8* @aligned_ret(i64, i64) #5
declare i32* @llvm.preserve.array.access.index.p0i32.p0i32(i32*, i32 immarg, i32 immarg)

define void @elementtype_call(i32* %p) {
  %q = call i32* @llvm.preserve.array.access.index.p0i32.p0i32(i32* elementtype(i32) %p, i32 0, i32 0)
  ret void
}

define void @fn_attrs() unnamed_addr #0 section ".text.hot" align 64 gc "statepoint-example" prefix i32 123 prologue i8 144 personality i32 (...)* @personality !dbg.none !0 !prof !1 {
  ret void
}

define void @inline_attrs() alwaysinline nounwind readonly "inline-kv"="1" "inline-key" {
  ret void
}

define void @in_addrspace() addrspace(1) { ret void }
define void @partitioned() partition "p2" { ret void }
define void @unnamed_params(i32, i8*, double) { ret void }
define void @numbered_params(i32 %0, i8* %1) {
  %3 = add i32 %0, 1
  ret void
}

define void @with_attr_groups() #1 #2 {
  ret void
}

attributes #0 = { alignstack=16 cold convergent hot inlinehint jumptable minsize naked nobuiltin noduplicate noimplicitfloat nomerge noprofile norecurse noredzone nosync nounwind null_pointer_is_valid optforfuzzing optsize returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memory sanitize_memtag sanitize_thread shadowcallstack speculative_load_hardening speculatable sspstrong willreturn mustprogress nocallback uwtable vscale_range(1,16) "probe-stack"="inline-asm" }
attributes #1 = { noinline nounwind ssp }
attributes #2 = { sspreq "target-features"="+avx2" }
attributes #3 = { argmemonly inaccessiblemem_or_argmemonly writeonly readnone disable_sanitizer_instrumentation }
attributes #4 = { argmemonly nofree nounwind willreturn }
attributes #5 = { allocsize(0, 1) noreturn nocf_check strictfp }

!0 = !{}
!1 = !{!"function_entry_count", i64 1000}
