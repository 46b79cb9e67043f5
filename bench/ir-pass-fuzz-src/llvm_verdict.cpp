// llvm-verdict: llvm-as's verdict on many .ll files from one process (bench/ir-pass-fuzz).
//
//   llvm-verdict [LLVM options, e.g. -opaque-pointers]     (built by bench/ir-pass-fuzz against
//                                                          LLVM 14 and 19: target/llvm-verdict-V)
//
// Reads one path per line on stdin; for each, parses it as llvm-as does (parseAssemblyFileWithIndex:
// the upgrades, and debug info checked and dropped with a warning when invalid), runs the Verifier
// as llvm-as does, and answers one line on stdout:
//   OK                 accepted
//   WARN message       accepted, but LLVM dropped the debug info ("ignoring invalid debug info")
//   ERR message        rejected (the parser's diagnostic, or the Verifier's first line)
//   FATAL message      rejected by report_fatal_error (a broken module with debug info: LLVM's
//                      UpgradeDebugInfo aborts); the process then exits, the caller starts another
// A crash, or 60 s on one file (SIGALRM), answers nothing: the process dies, a crash with LLVM's
// stack dump on stderr. Stderr is a file the caller names (emptied before each input), so the
// Verifier's text before a fatal error and the stack dump of a crash can be read there. A new
// LLVMContext per file: nothing carries over.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <unistd.h>

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

std::string oneLine(std::string s) {
  size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

// The first line the Verifier wrote to stderr before a fatal error, else the reason.
void fatal(void *, const char *reason, bool) {
  std::string first;
  if (FILE *f = fopen("/proc/self/fd/2", "r")) {
    char buf[4096];
    if (fgets(buf, sizeof buf, f)) first = oneLine(buf);
    fclose(f);
  }
  printf("FATAL %s\n", (first.empty() ? std::string(reason) : first).c_str());
  fflush(stdout);
  _exit(70);
}

// Warnings are kept (the invalid-debug-info one is the verdict WARN); nothing is printed, and an
// error diagnostic does not end the process as LLVM's default handler would.
struct Collect : DiagnosticHandler {
  std::string *invalidDebugInfo;
  std::string *error;
  Collect(std::string *d, std::string *e) : invalidDebugInfo(d), error(e) {}
  bool handleDiagnostics(const DiagnosticInfo &di) override {
    std::string text;
    raw_string_ostream os(text);
    DiagnosticPrinterRawOStream printer(os);
    di.print(printer);
    os.flush();
    if (di.getSeverity() == DS_Error) {
      if (error->empty()) *error = oneLine(text);
    } else if (text.find("ignoring invalid debug info") != std::string::npos) {
      // by its text: LLVM 14 gives this diagnostic the kind DK_DebugMetadataVersion
      *invalidDebugInfo = oneLine(text);
    }
    return true;
  }
};

std::string verdict(const std::string &path) {
  LLVMContext context;
  std::string invalidDebugInfo, error;
  context.setDiagnosticHandler(std::make_unique<Collect>(&invalidDebugInfo, &error));
  SMDiagnostic err;
  ParsedModuleAndIndex parsed = parseAssemblyFileWithIndex(path, err, context, nullptr);
  if (!parsed.Mod) {
    std::string text;
    raw_string_ostream os(text);
    err.print(nullptr, os, false);
    os.flush();
    return "ERR " + oneLine(text);
  }
  if (!error.empty()) return "ERR " + error;
  std::string broken;
  raw_string_ostream os(broken);
  if (verifyModule(*parsed.Mod, &os)) {
    os.flush();
    return "ERR " + oneLine(broken);
  }
  if (!invalidDebugInfo.empty()) return "WARN " + invalidDebugInfo;
  return "OK";
}

} // namespace

int main(int argc, char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::ParseCommandLineOptions(argc, argv, "llvm-as's verdict on many files\n");
  install_fatal_error_handler(fatal, nullptr);
  std::string path;
  while (std::getline(std::cin, path)) {
    if (ftruncate(2, 0) == 0) lseek(2, 0, SEEK_SET);
    alarm(60); // a hang ends the process (SIGALRM); the caller reports it
    std::string v = verdict(path);
    printf("%s\n", v.c_str());
    fflush(stdout);
  }
  return 0;
}
