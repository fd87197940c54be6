// Importing a subscriber list: new people confirmed with source "import" and their sign-up date, known ones
// merged (name filled), suppressed ones skipped with the reason, invalid rows reported; written a batch per
// transaction with its progress, whole or not at all; audited.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, subscriberHistory, subscriberImports, subscribers } from "~/db/schema";
import { IMPORT_BATCH_ROWS } from "~/lib/subscriber-import";
import { setupTestDatabase } from "../../tests/support/test-db";
import { latestImport, runImportRound, startImport } from "./subscriber-import.server";

setupTestDatabase();
const who = { actor: "importer@example.com", ip: "127.0.0.1", userAgent: "vitest" };

async function runAll(): Promise<number> {
  let rounds = 0;
  while ((await runImportRound()) > 0) rounds++;
  return rounds;
}

const byEmail = async (emails: string[]) =>
  new Map(
    (await db().select().from(subscribers).where(inArray(subscribers.email, emails))).map((s) => [
      s.email,
      s,
    ]),
  );

describe("subscriber import", () => {
  it("imports, merges, skips and reports, then audits the counts", async () => {
    await db()
      .insert(subscribers)
      .values([
        { email: "kept@example.com", subscription: "confirmed" },
        { email: "named@example.com", subscription: "confirmed", name: "Already Named" },
        { email: "waiting@example.com", subscription: "pending" },
        { email: "left@example.com", subscription: "unsubscribed" },
        { email: "refused@example.com", subscription: "bounced" },
        { email: "spam@example.com", subscription: "complained" },
      ]);
    const csv = [
      "Name;E-mail;Sign-up date",
      "New Person;New@Example.com;2024-05-06",
      "No Date;nodate@example.com;",
      "Kept Person;kept@example.com;",
      "Other Name;named@example.com;",
      ";waiting@example.com;",
      "Left;left@example.com;",
      "Refused;refused@example.com;",
      "Spam;spam@example.com;",
      "Twice;new@example.com;",
      "Bad;not-an-email;",
      "Bad date;date@example.com;06/05/2024",
    ].join("\r\n");
    const started = await startImport({ name: "list.csv", text: csv }, who);
    if (!started.ok) throw new Error(started.message);
    expect(await runAll()).toBe(1);

    const report = await latestImport(started.id);
    expect(report).toMatchObject({
      status: "done",
      total: 11,
      processed: 9,
      imported: 2,
      merged: 4,
      skippedCount: 3,
      invalidCount: 2,
    });
    expect(report?.skipped).toEqual([
      { row: 7, email: "left@example.com", reason: "Unsubscribed earlier: not subscribed again" },
      {
        row: 8,
        email: "refused@example.com",
        reason: "Their mail server refused our newsletter: not subscribed again",
      },
      { row: 9, email: "spam@example.com", reason: "Marked a newsletter as spam: not subscribed again" },
    ]);
    expect(report?.invalid.map((p) => [p.row, p.email])).toEqual([
      [11, "not-an-email"],
      [12, "date@example.com"],
    ]);

    const rows = await byEmail([
      "new@example.com",
      "nodate@example.com",
      "kept@example.com",
      "named@example.com",
      "waiting@example.com",
      "left@example.com",
      "refused@example.com",
      "spam@example.com",
    ]);
    expect(rows.get("new@example.com")).toMatchObject({
      name: "New Person",
      source: "import",
      subscription: "confirmed",
      createdAt: new Date("2024-05-06T00:00:00Z"),
    });
    expect(Date.now() - (rows.get("nodate@example.com")?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
    expect(rows.get("kept@example.com")).toMatchObject({ name: "Kept Person", source: "sign-up" });
    expect(rows.get("named@example.com")?.name).toBe("Already Named");
    expect(rows.get("waiting@example.com")?.subscription).toBe("pending");
    expect(["left", "refused", "spam"].map((n) => rows.get(`${n}@example.com`)?.subscription)).toEqual([
      "unsubscribed",
      "bounced",
      "complained",
    ]);

    const history = await db()
      .select()
      .from(subscriberHistory)
      .where(eq(subscriberHistory.subscriberId, rows.get("new@example.com")?.id ?? ""));
    expect(history.map((h) => h.event)).toEqual(["imported"]);
    // The rows to write are not kept once the import has ended.
    const [stored] = await db().select().from(subscriberImports).where(eq(subscriberImports.id, started.id));
    expect(stored?.rows).toEqual([]);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, started.id))
      .orderBy(auditLog.at);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ["subscriber.import", "importer@example.com"],
      ["subscriber.import_done", "importer@example.com"],
    ]);
    expect(audits[0]?.details).toMatchObject({ rows: 11, consent: expect.stringContaining("agreed") });
    expect(audits[1]?.details).toEqual({ imported: 2, merged: 4, skipped: 3, invalid: 2 });
  });

  it("refuses a file it cannot read, recording nothing", async () => {
    const before = await db().select().from(subscriberImports);
    expect(await startImport({ name: "x.csv", text: "name\nAda\n" }, who)).toMatchObject({ ok: false });
    expect(await startImport({ name: "x.csv", text: "email\n\n" }, who)).toEqual({
      ok: false,
      message: "The file has a header but no rows.",
    });
    expect(await db().select().from(subscriberImports)).toHaveLength(before.length);
  });

  it("writes a large list a batch per round, showing progress, and a failed batch not at all", async () => {
    const total = IMPORT_BATCH_ROWS * 2 + 10;
    const emails = Array.from({ length: total }, (_, i) => `bulk${i}@example.com`);
    // A batch that cannot be written: the database refuses one address of the second batch.
    const poison = emails[IMPORT_BATCH_ROWS + 3];
    await db().execute(
      sql.raw(`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.email = '${poison}' then raise exception 'refused for the test'; end if;
        return new;
      end $$`),
    );
    await db().execute(
      sql`create trigger refuse_poison before insert on subscribers for each row execute function refuse_poison()`,
    );
    try {
      const started = await startImport({ name: "bulk.csv", text: `email\n${emails.join("\n")}` }, who);
      if (!started.ok) throw new Error(started.message);
      expect(await runImportRound()).toBe(1);
      expect(await latestImport(started.id)).toMatchObject({
        status: "running",
        processed: IMPORT_BATCH_ROWS,
        imported: IMPORT_BATCH_ROWS,
      });
      expect(await runImportRound()).toBe(1);
      const failed = await latestImport(started.id);
      expect(failed).toMatchObject({ status: "failed", processed: IMPORT_BATCH_ROWS });
      expect(failed?.error).toMatch(/rows before it were imported/);
      const written = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(subscribers)
        .where(sql`${subscribers.email} like 'bulk%'`);
      // The first batch whole, nothing of the second (not the rows before the refused one either).
      expect(written[0]?.n).toBe(IMPORT_BATCH_ROWS);
      expect(await runImportRound()).toBe(0);
    } finally {
      await db().execute(sql`drop trigger refuse_poison on subscribers`);
      await db().execute(sql`drop function refuse_poison()`);
    }
  });
});
