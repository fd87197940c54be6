// Receivers' text in the outbox's status update: whatever a receiver answers (NUL, half an emoji at the excerpt's
// cut, any Unicode) and whatever text an outcome carries, every claimed row is written back (delivered, retrying or
// failed), none stays "delivering" and none is sent again.
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hostileText } from "../../tests/support/hostile-text";
import { startReceiver } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { outbox, webhookEndpoints } from "../db/schema";
import { env } from "../env.server";
import { logger } from "../infra/logger.server";
import {
  claimDue,
  enqueue,
  finishAll,
  type Outcome,
  RESULT_NOT_RECORDED,
  type RetryPolicy,
  runOutboxOnce,
} from "./outbox.server";
import { createEndpoint } from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const FAST: RetryPolicy = { baseMs: 1, maxDelayMs: 1, retryForMs: 60_000 };
const saved = { ...env() };

/** What a receiver or an outcome may carry: NUL, lone surrogates, emoji at every cut point, long runs. */
const hostile = hostileText([500]);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answer = "ok";
let endpointId = "";

beforeAll(async () => {
  receiver = await startReceiver(
    () => 200,
    () => answer,
  );
});
afterAll(() => receiver.close());
beforeEach(async () => {
  Object.assign(env(), { webhookAllowPrivate: true, baseUrl: "https://site.example" });
  const d = test.handle().db;
  await d.delete(outbox);
  await d.delete(webhookEndpoints);
  receiver.hooks.length = 0;
  endpointId = (await createEndpoint(receiver.url, ["lead.created"], who)).endpoint.id;
});
afterEach(() => {
  Object.assign(env(), saved);
});

const webhookRow = (n: number) => ({
  kind: "webhook" as const,
  target: endpointId,
  event: "lead.created",
  payload: { type: "lead.created", data: { n } },
});

describe("a receiver's answer", () => {
  it("of 499 characters and an emoji: the batch is marked delivered once, its neighbours too", async () => {
    answer = `${"x".repeat(499)}😀 and more`;
    await enqueue(test.handle().db, [webhookRow(1), webhookRow(2), webhookRow(3)]);
    expect(await runOutboxOnce({ id: "w1", retry: FAST })).toBe(3);
    const rows = await test.handle().db.select().from(outbox);
    expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered", "delivered"]);
    // Cut by code point: the emoji is whole or absent, never half.
    for (const row of rows) expect(row.responseExcerpt).toBe(`${"x".repeat(499)}😀`);
    // Nothing is claimed again, so nothing is sent again.
    expect(await runOutboxOnce({ id: "w2", retry: FAST })).toBe(0);
    expect(receiver.hooks).toHaveLength(3);
  });

  it("of any Unicode, NUL included: every row is written back and none is sent twice", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        answer = text;
        await enqueue(test.handle().db, [webhookRow(1), webhookRow(2)]);
        expect(await runOutboxOnce({ id: "w", retry: FAST })).toBe(2);
        sent += 2;
        expect(await runOutboxOnce({ id: "w", retry: FAST })).toBe(0);
        const open = await test.handle().db.select().from(outbox).where(eq(outbox.status, "delivering"));
        expect(open).toHaveLength(0);
        expect(receiver.hooks).toHaveLength(sent);
      }),
      { numRuns: 50 },
    );
    const rows = await test.handle().db.select().from(outbox);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  });
});

describe("finishAll", () => {
  it("records every claimed row whatever text its outcome carries (a refused row keeps its status)", async () => {
    const statuses = ["delivered", "retrying", "failed"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...statuses), hostile, hostile), { minLength: 1, maxLength: 4 }),
        async (planned) => {
          const d = test.handle().db;
          await d.delete(outbox);
          await enqueue(
            d,
            planned.map((_, n) => webhookRow(n)),
          );
          const claimed = await claimDue(d, "w", planned.length);
          expect(claimed).toHaveLength(planned.length);
          // Not made safe by the worker on purpose: the statement must survive what a future caller forgets.
          const outcomes: Outcome[] = claimed.map((row, n) => {
            const [status, error, excerpt] = planned[n] ?? ["delivered", "", ""];
            return {
              id: row.id,
              status,
              last_error: status === "delivered" ? null : error,
              last_http_status: 200,
              last_duration_ms: 5,
              response_excerpt: excerpt,
              next_attempt_at: new Date(),
            };
          });
          const logged = [vi.spyOn(logger, "warn"), vi.spyOn(logger, "error")];
          await finishAll(d, "w", outcomes);
          // The log says which row and the database's code, never the receiver's words.
          const lines = logged.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call)));
          for (const spy of logged) spy.mockRestore();
          for (const [, error, excerpt] of planned) {
            for (const text of [error, excerpt].filter((t) => t.length >= 12)) {
              expect(lines.some((line) => line.includes(JSON.stringify(text).slice(1, -1)))).toBe(false);
            }
          }
          const rows = await d
            .select()
            .from(outbox)
            .where(
              inArray(
                outbox.id,
                claimed.map((r) => r.id),
              ),
            );
          for (const [n, row] of claimed.entries()) {
            const stored = rows.find((r) => r.id === row.id);
            const [status, error, excerpt] = planned[n] ?? ["delivered", "", ""];
            expect(stored?.status).toBe(status);
            expect(stored?.claimedBy).toBeNull();
            expect(stored?.lockedUntil).toBeNull();
            if (status === "delivered") expect(stored?.deliveredAt).not.toBeNull();
            // Its own text when the database took it, else the generic note.
            if (status !== "delivered" && stored?.lastError !== error) {
              expect(stored?.lastError).toBe(RESULT_NOT_RECORDED);
            }
            expect([excerpt, null]).toContain(stored?.responseExcerpt);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
