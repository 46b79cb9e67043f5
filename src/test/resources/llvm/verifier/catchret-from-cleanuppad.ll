; LLVM: CatchReturnInst needs to be provided a CatchPad
define void @test() personality i32 (...)* undef {
entry:
  invoke void @test() to label %done unwind label %cleanup
cleanup:
  %pad = cleanuppad within none []
  catchret from %pad to label %done
done:
  ret void
}
