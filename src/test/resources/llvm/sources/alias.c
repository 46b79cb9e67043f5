// Aliases (external, weak, hidden) and an ifunc, for the bitcode reader tests (ClangBitcodeTest).
int impl(int x) { return x + 1; }
int pub(int x) __attribute__((alias("impl")));
static int hidden_impl(int x) { return x * 2; }
extern int weak_pub(int) __attribute__((weak, alias("hidden_impl")));
int table_impl[4] = {1, 2, 3, 4};
extern int table[4] __attribute__((alias("table_impl"), visibility("hidden")));
static int (*resolve(void))(int) { return impl; }
int chosen(int) __attribute__((ifunc("resolve")));
int use(int x) { return pub(x) + weak_pub(x) + chosen(x) + table[1]; }
