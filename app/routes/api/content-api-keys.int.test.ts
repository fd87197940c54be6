// The content API's keys: failed keys limited per address (IPv6 per /64) before any lookup, last use stamped,
// deactivation and deletion at once, never stored in plain text or logged, generated with the content prefix.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { contentApiHarness, validBody, who } from "../../../tests/support/content-api-calls";

const { rowsOf } = await import("~/db/client.server");
const { apiKeys } = await import("~/db/schema");
const { API_KEY_PREFIX } = await import("~/lib/api-keys");
const { logger } = await import("~/infra/logger.server");
const { deleteApiKey, FAILED_KEY_LIMIT, setApiKeyActive } = await import("~/models/api-keys.server");

const { test, call, newKey } = contentApiHarness();

describe("failed keys", () => {
  it("429 with Retry-After for an address past the failed-key limit, before any lookup; others unaffected", async () => {
    const guesser = "198.51.100.23";
    const { plaintext } = await newKey("known before the guessing");
    expect((await call("GET", "/blog", { key: plaintext, ip: guesser })).status).toBe(200);
    for (let i = 0; i < FAILED_KEY_LIMIT.max; i++) {
      const key = i % 2 ? "not-a-key" : `${API_KEY_PREFIX}${String(i).padStart(43, "B")}`;
      expect((await call("GET", "/blog", { key, ip: guesser })).status).toBe(401);
    }
    const select = vi.spyOn((await import("~/db/client.server")).db(), "select");
    const limited = await call("POST", "/academy", {
      key: `${API_KEY_PREFIX}${"C".repeat(43)}`,
      body: validBody("academy", "Guess"),
      ip: guesser,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, code: "rate_limited" });
    expect(limited.body.error.message).toMatch(/failed API key attempts/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FAILED_KEY_LIMIT.windowSeconds);
    // Refused on the counter alone: the keys table was never read for the guess.
    expect(select.mock.calls.length).toBe(1);
    select.mockRestore();
    // A key this client already proved keeps working; a new key from it waits; other addresses are unaffected.
    expect((await call("GET", "/blog", { key: plaintext, ip: guesser })).status).toBe(200);
    const fresh = await newKey("created during the block");
    expect((await call("GET", "/blog", { key: fresh.plaintext, ip: guesser })).status).toBe(429);
    expect((await call("GET", "/blog", { key: fresh.plaintext, ip: "198.51.100.24" })).status).toBe(200);
    expect((await call("GET", "/blog", { key: "not-a-key", ip: "198.51.100.25" })).status).toBe(401);
  });

  it("counts an IPv6 client's failures per /64, whichever address in it sends them", async () => {
    for (let i = 0; i < FAILED_KEY_LIMIT.max; i++) {
      const ip = `2001:db8:77:1::${(i + 1).toString(16)}`;
      expect((await call("GET", "/blog", { key: "not-a-key", ip })).status).toBe(401);
    }
    const hopped = await call("GET", "/blog", {
      key: `${API_KEY_PREFIX}${"D".repeat(43)}`,
      ip: "2001:db8:77:1:abcd::9",
    });
    expect(hopped.status).toBe(429);
    expect((await call("GET", "/blog", { key: "not-a-key", ip: "2001:db8:77:2::1" })).status).toBe(401);
  });
});

describe("keys", () => {
  it("stamp last_used_at on use, to the minute", async () => {
    const { key, plaintext } = await newKey();
    expect(key.lastUsedAt).toBeNull();
    const stamp = async () =>
      (await test.handle().db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt;
    await call("GET", "/blog", { key: plaintext });
    const first = await stamp();
    expect(first).toBeInstanceOf(Date);
    // Within the minute: no second write.
    await call("GET", "/academy", { key: plaintext });
    expect((await stamp())?.getTime()).toBe(first?.getTime());
    // Two minutes later the stamp is renewed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
    try {
      await call("GET", "/academy", { key: plaintext });
    } finally {
      vi.useRealTimers();
    }
    expect((await stamp())?.getTime()).toBeGreaterThan((first?.getTime() ?? 0) + 60_000);
  });

  it("stop working on the very next request when deactivated or deleted", async () => {
    const { key, plaintext } = await newKey();
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(200);
    await setApiKeyActive(key.id, false, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(403);
    await setApiKeyActive(key.id, true, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(200);
    await deleteApiKey(key.id, who);
    expect((await call("GET", "/blog", { key: plaintext })).status).toBe(401);
    expect(
      (await call("POST", "/academy", { key: plaintext, body: validBody("academy", "Gone") })).status,
    ).toBe(401);
  });

  it("are never stored in plain text: no text column of any table holds the key or its secret part", async () => {
    const { key, plaintext } = await newKey("searchable");
    await call("POST", "/blog", {
      key: plaintext,
      body: validBody("blog", "Stored key check", { status: "published" }),
    });
    expect(key.keyStart).toBe(plaintext.slice(0, 12));
    expect(key.keyLast4).toBe(plaintext.slice(-4));
    const secretMiddle = plaintext.slice(12, -4);
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await test.handle().db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`),
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of columns) {
      const hits = rowsOf<{ n: number }>(
        await test.handle().db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)}
              where ${sql.identifier(column_name)}::text like ${`%${secretMiddle}%`}`,
        ),
      );
      expect(Number(hits[0]?.n), `${table_name}.${column_name}`).toBe(0);
    }
  });

  it("never reach the logs", async () => {
    const { plaintext } = await newKey();
    const logged: unknown[] = [];
    for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        logged.push(args);
      }) as never);
    }
    await call("GET", "/blog", { key: plaintext });
    await call("POST", "/blog", {
      key: plaintext,
      raw: "{oops",
      headers: { "content-type": "application/json" },
    });
    await call("GET", "/nope", { key: plaintext });
    expect(JSON.stringify(logged)).not.toContain(plaintext.slice(12));
  });

  it("are generated with the content prefix, 256 random bits and only content_management", async () => {
    const a = await newKey();
    const b = await newKey();
    expect(a.plaintext).toMatch(/^ak_content_[A-Za-z0-9_-]{43}$/);
    expect(a.plaintext).not.toBe(b.plaintext);
    expect(a.key.permissions).toEqual(["content_management"]);
    expect(a.key.isActive).toBe(true);
  });
});
