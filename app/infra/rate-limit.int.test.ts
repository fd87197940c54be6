// The content API's per-key limit counted in memory from blocks reserved in the shared rate_limits row (ADR 020):
// exact on one instance, never above the limit across instances (two limiters on one database stand for two app
// instances), within one block of it, and refused with a Retry-After once the row is full.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";

process.env.RATE_LIMIT_FACTOR = "1";
const { LeasedRateLimit } = await import("./rate-limit.server");

setupTestDatabase();

const LIMIT = 50;

async function spend(limiter: InstanceType<typeof LeasedRateLimit>, key: string, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await limiter.hit(key));
  return results;
}

describe("limits counted from reserved blocks", () => {
  it("let exactly the limit through on one instance, then refuse from memory with a Retry-After", async () => {
    const limiter = new LeasedRateLimit(LIMIT, 60);
    const results = await spend(limiter, "leased:one", LIMIT + 5);
    expect(results.filter((r) => r.ok)).toHaveLength(LIMIT);
    expect(results.slice(0, LIMIT).every((r) => r.ok)).toBe(true);
    const refused = results.at(-1);
    expect(refused?.ok).toBe(false);
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(60);
    // A block is a tenth of the limit: a handful of round trips for the whole window, none once refused.
    const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, "leased:one"));
    expect(row?.count).toBeGreaterThanOrEqual(LIMIT);
    expect(row?.count).toBeLessThanOrEqual(LIMIT + Math.ceil(LIMIT / 10));
    expect(limiter.hitNow("leased:one")?.ok).toBe(false);
  });

  it("never let more than the limit through two instances together, and no fewer than one block less", async () => {
    const a = new LeasedRateLimit(LIMIT, 60);
    const b = new LeasedRateLimit(LIMIT, 60);
    const results = [];
    // Interleaved, as a load balancer would spread one client's calls, some of them concurrent.
    for (let i = 0; i < LIMIT; i++) {
      results.push(...(await Promise.all([a.hit("leased:two"), b.hit("leased:two")])));
    }
    const passed = results.filter((r) => r.ok).length;
    expect(passed).toBeLessThanOrEqual(LIMIT);
    expect(passed).toBeGreaterThanOrEqual(LIMIT - Math.ceil(LIMIT / 10));
    const refusals = results.filter((r) => !r.ok);
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r.retryAfter).toBeGreaterThan(0);
  });

  it("keep keys apart", async () => {
    const limiter = new LeasedRateLimit(3, 60);
    expect((await spend(limiter, "leased:x", 4)).map((r) => r.ok)).toEqual([true, true, true, false]);
    expect((await limiter.hit("leased:y")).ok).toBe(true);
  });

  it("start a new window once the row's window has ended", async () => {
    const limiter = new LeasedRateLimit(2, 1);
    expect((await spend(limiter, "leased:window", 3)).map((r) => r.ok)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.hit("leased:window")).ok).toBe(true);
  });
});
