import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = path.dirname(new URL(import.meta.url).pathname);

// A child process with the server's malloc settings fills glibc's heap with 48 MB of 24 KB blocks, frees all but
// every tenth (so the heap cannot shrink from its top), collects, and reports its resident memory before and after
// the trim. Without the trim the freed blocks stay resident.
const child = `
const { nativeHeapTrimmer } = await import(${JSON.stringify(path.join(here, "native-heap.ts"))});
const trim = nativeHeapTrimmer();
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(process.getBuiltinModule("node:fs").readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
let blocks = Array.from({ length: 2048 }, () => Buffer.allocUnsafeSlow(24 * 1024).fill(1));
const kept = blocks.filter((_, i) => i % 10 === 0);
blocks = null;
globalThis.gc();
globalThis.gc();
// V8 frees array buffers' memory on a background thread after a collection.
await new Promise((resolve) => setTimeout(resolve, 300));
const before = rssMb();
trim?.();
console.log(JSON.stringify({ available: trim !== null, before, after: rssMb(), kept: kept.length }));
`;

describe.runIf(process.platform === "linux")("nativeHeapTrimmer", () => {
  it("gives the C heap's free pages in the middle back to the system", () => {
    const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", child], {
      env: { ...process.env, MALLOC_MMAP_THRESHOLD_: String(128 * 1024), MALLOC_ARENA_MAX: "2" },
      encoding: "utf8",
    });
    const result = JSON.parse(out.trim().split("\n").at(-1) as string);
    expect(result.available).toBe(true);
    // ~43 MB were freed between kept blocks; most of it must leave.
    expect(result.before - result.after).toBeGreaterThan(25);
  });
});
