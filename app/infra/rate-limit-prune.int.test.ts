import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { authRateLimits, rateLimits } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { pruneRateLimits } from "./rate-limit-prune.server";

setupTestDatabase();

const HOUR = 60 * 60 * 1000;

async function seed() {
  await db().delete(rateLimits);
  await db().delete(authRateLimits);
  await db()
    .insert(rateLimits)
    .values([
      { key: "leads:expired", count: 3, resetAt: new Date(Date.now() - 25 * HOUR) },
      { key: "leads:live", count: 1, resetAt: new Date(Date.now() + HOUR) },
      // A sign-in failure counter whose wait ended an hour ago still remembers its count.
      {
        key: "auth:sign-in-failures:a@example.com|ip:203.0.113.9",
        count: 7,
        resetAt: new Date(Date.now() - HOUR),
      },
    ]);
  await db()
    .insert(authRateLimits)
    .values([
      { key: "203.0.113.1/sign-in/email", count: 2, lastRequest: Date.now() - 48 * HOUR },
      { key: "203.0.113.2/sign-in/email", count: 1, lastRequest: Date.now() - 1000 },
    ]);
}

async function keys() {
  const ours = await db().select({ key: rateLimits.key }).from(rateLimits);
  const theirs = await db().select({ key: authRateLimits.key }).from(authRateLimits);
  return { ours: ours.map((r) => r.key), theirs: theirs.map((r) => r.key) };
}

describe("rate-limit pruning", () => {
  it("deletes expired rows of both tables and keeps live ones", async () => {
    await seed();
    expect(await pruneRateLimits()).toEqual({ rateLimits: 1, authRateLimits: 1 });
    expect(await keys()).toEqual({
      ours: ["leads:live", "auth:sign-in-failures:a@example.com|ip:203.0.113.9"],
      theirs: ["203.0.113.2/sign-in/email"],
    });
  });
});
