// The group-commit queue on its own (the lead store on a real database: app/models/leads-group-commit.int.test.ts).
import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit.server";

class Unreachable extends Error {}

/** A writer that records each batch and finishes it only when the test says so. */
function recordingWriter(fail: (item: string) => Error | null = () => null) {
  const batches: string[][] = [];
  const finish: (() => void)[] = [];
  const queue = new GroupCommit<string, string>({
    maxBatch: 3,
    isFatal: (error) => error instanceof Unreachable,
    async write(items) {
      batches.push(items);
      await new Promise<void>((resolve) => finish.push(resolve));
      for (const item of items) {
        const error = fail(item);
        if (error) throw error;
      }
      return items.map((item) => item.toUpperCase());
    },
  });
  /** Runs the event loop until the writer has been called `n` times in all, finishing each batch as it comes. */
  async function finishBatches(n: number) {
    while (batches.length < n || finish.length) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      finish.shift()?.();
    }
  }
  return { queue, batches, finish, finishBatches };
}

describe("GroupCommit", () => {
  it("writes what arrives during a write as the next batch, at most maxBatch at a time, answering in order", async () => {
    const { queue, batches, finish, finishBatches } = recordingWriter();
    const settled: string[] = [];
    const submit = async (item: string) => {
      const result = await queue.submit(item);
      settled.push(result);
      return result;
    };
    const first = submit("a");
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(batches).toEqual([["a"]]);
    const more = ["b", "c", "d", "e"].map(submit);
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Nothing is answered before its batch is written.
    expect(settled).toEqual([]);
    expect(finish).toHaveLength(1);
    await finishBatches(3);
    expect(await Promise.all([first, ...more])).toEqual(["A", "B", "C", "D", "E"]);
    expect(batches).toEqual([["a"], ["b", "c", "d"], ["e"]]);
    await queue.drain();
    expect(queue.batches).toBe(3);
  });

  it("retries a failed batch item by item, so only the bad item fails", async () => {
    const { queue, batches, finishBatches } = recordingWriter((item) =>
      item === "bad" ? new Error("bad item") : null,
    );
    const results = Promise.allSettled(["x", "bad", "y"].map((item) => queue.submit(item)));
    await finishBatches(4);
    const [x, bad, y] = await results;
    expect(x).toEqual({ status: "fulfilled", value: "X" });
    expect(bad).toMatchObject({ status: "rejected", reason: { message: "bad item" } });
    expect(y).toEqual({ status: "fulfilled", value: "Y" });
    expect(batches).toEqual([["x", "bad", "y"], ["x"], ["bad"], ["y"]]);
  });

  it("fails the whole batch at once on an error no retry can cure", async () => {
    const { queue, batches, finishBatches } = recordingWriter(() => new Unreachable("database unreachable"));
    const results = Promise.allSettled(["p", "q"].map((item) => queue.submit(item)));
    await finishBatches(1);
    expect((await results).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(batches).toEqual([["p", "q"]]);
  });
});
