// The rate-limit pruning job: a round at start-up, then one every PRUNE_INTERVAL_MS on an unref'd timer until
// stopped (the queries themselves are tested with app/infra/rate-limit-prune.server.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { PRUNE_INTERVAL_MS, rateLimitPruningJob } from "./rate-limit-pruning.server";

setupTestDatabase();

const HOUR = 60 * 60 * 1000;
const job = rateLimitPruningJob();

const keys = async () => (await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
const expired = (key: string) => ({ key, count: 1, resetAt: new Date(Date.now() - 25 * HOUR) });

afterEach(() => {
  job.stop();
  vi.useRealTimers();
});

describe("rate-limit pruning job", () => {
  it("runs at start-up and then on an unref'd timer until stopped", async () => {
    await db().delete(rateLimits);
    await db()
      .insert(rateLimits)
      .values([
        expired("leads:expired"),
        { key: "leads:live", count: 1, resetAt: new Date(Date.now() + HOUR) },
      ]);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    await job.start();
    expect(await keys()).toEqual(["leads:live"]);
    expect(vi.getTimerCount()).toBe(1);

    await db().insert(rateLimits).values(expired("leads:later"));
    await vi.advanceTimersByTimeAsync(PRUNE_INTERVAL_MS);
    await vi.waitFor(async () => expect(await keys()).toEqual(["leads:live"]));

    job.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
