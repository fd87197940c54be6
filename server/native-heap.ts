// Gives the C heap's free pages back to the system (ADR 039). glibc's malloc returns memory only from the top of its
// heaps; blocks freed in the middle stay resident until something calls `malloc_trim`, which V8 and Node never do.
// After a load (150,000 lead POSTs) that was ~30 MB of a server idling at ~210 MB. Node has no binding for it, so
// this calls it through koffi, a foreign-function library shipped prebuilt (no compiler at install).
// Runs directly on Node 24 (type stripping) from server.ts: erasable TypeScript syntax only.
import { createRequire } from "node:module";

/**
 * A function that trims the C heap, or null where there is nothing to call: not Linux, not glibc (musl has no
 * `malloc_trim`), or koffi missing for this platform. Never throws.
 */
export function nativeHeapTrimmer(): (() => void) | null {
  if (process.platform !== "linux") return null;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    const trim = koffi.load("libc.so.6").func("int malloc_trim(size_t)");
    return () => {
      trim(0);
    };
  } catch {
    return null;
  }
}
