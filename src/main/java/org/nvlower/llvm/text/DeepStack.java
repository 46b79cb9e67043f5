package org.nvlower.llvm.text;

import java.util.function.Supplier;

/**
 * A thread with a stack for {@link IrParser#MAX_NESTING} levels of nesting. The parser is
 * recursive, like LLVM's; a thread's usual stack (1 to 16 MB) holds a few thousand levels, while
 * llvm-as accepts over 20,000. Only input that overflows the caller's stack pays for the thread.
 */
final class DeepStack {

    /** Reserved, not committed: the pages are touched only as deep as the input goes. */
    static final long STACK_BYTES = 512L << 20;

    private DeepStack() {
    }

    /** {@code work} on a thread of its own with {@link #STACK_BYTES} of stack; its exception is rethrown here. */
    static <T> T call(Supplier<T> work) {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread thread = new Thread(null, () -> {
            try {
                result[0] = work.get();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "nvlower-deep-parse", STACK_BYTES);
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the work cannot be abandoned half done: finish, then re-assert
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        switch (failure[0]) {
            case null -> {
                @SuppressWarnings("unchecked")
                T t = (T) result[0];
                return t;
            }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failure[0]);
        }
    }
}
