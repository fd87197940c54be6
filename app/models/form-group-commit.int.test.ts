// Group commit of built forms' submissions (docs/decisions/022-group-commit-for-leads.md) on a real database
// (PGlite, and PostgreSQL with TEST_DATABASE_URL): submissions that arrive while a batch is being written are
// committed together and each is answered only after its commit; a burst to one form is stored whole with its
// round-robin owners in turn; a limited form lets in exactly its places, also when another connection takes the
// last one meanwhile; one failing submission fails alone; a form closed since the request read it refuses.
import { count, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { formResponses, leadAssignmentTurns, outbox, rateLimits, webhookEndpoints } from "~/db/schema";
import { env } from "~/env.server";
import { currentContentVersion } from "~/infra/content-version.server";
import { clientKey } from "~/infra/request-context.server";
import { DEFAULT_ROUTING } from "~/lib/form-builder/routing";
import { addMember, memberContext, type TestMember } from "../../tests/support/members";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import { WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import { type Database, rowsOf } from "../db/client.server";
import { formResponseWriteTransactions } from "./form-response-storage.server";
import { captureFormResponse, type FormCaptureResult } from "./form-responses.server";
import { type FormRow, formForSubmission, saveForm } from "./forms.server";

const test = setupTestDatabase();
const db = () => test.handle().db;
let owner: TestMember;
let members: TestMember[];

beforeAll(async () => {
  owner = await addMember(db(), { name: "Olivia Owner", email: "owner-batch@example.com", role: "owner" });
  members = [
    await addMember(db(), { name: "Sam Sales", email: "sam-batch@example.com", role: "sales" }),
    await addMember(db(), { name: "Ada Admin", email: "ada-batch@example.com", role: "administrator" }),
    await addMember(db(), { name: "Max Sales", email: "max-batch@example.com", role: "sales" }),
  ];
});

const originalFactor = env().rateLimitFactor;
afterEach(() => {
  env().rateLimitFactor = originalFactor;
});

async function newForm(overrides: Record<string, unknown> = {}): Promise<string> {
  const input = webinarInput({ status: "open", closedMessage: "All seats are taken.", ...overrides });
  const saved = await saveForm(null, input, memberContext(owner));
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

/** A client address of its own for each `n` (the per-address limit never refuses these). */
const clientOf = (n: number) => `10.7.${n >> 8}.${(n & 255) + 1}`;

/** A submission from address `n`; with `form`, read already (as the route does, for the body limit). */
const submit = (formId: string, email: string, n: number, form?: FormRow) =>
  captureFormResponse({
    formId,
    form,
    raw: { name: "Grace Hopper", work_email: email, topics: "forecasting", consent: "on" },
    attribution: WEBINAR_VISIT,
    client: clientOf(n),
    trap: null,
  });

/** The addresses of a form's stored submissions, sorted. */
async function storedEmails(formId: string) {
  const rows = await db()
    .select({ email: formResponses.email })
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  return rows.map((r) => r.email).sort();
}

/** Lets the event loop run past the group commit's own setImmediate, so a started batch has taken its items. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Polls `check` until it holds (at most 10 seconds). */
async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("waited 10 seconds in vain");
}

/** A second instance's connections to the same database (PostgreSQL); with PGlite, the one connection there is. */
function otherInstance() {
  const client =
    testDatabaseKind() === "postgres"
      ? postgres(test.handle().url as string, { max: 2, onnotice: () => {} })
      : null;
  return { db: client ? (drizzle(client) as unknown as Database) : db(), end: () => client?.end() };
}

/**
 * Holds what `lock` locks in a transaction of `on` until the answered function is called, which runs `last` in
 * that transaction before it commits: a batch that needs what is locked waits meanwhile (on PGlite, whose one
 * connection runs one transaction at a time, it cannot even begin).
 */
async function holding(on: Database, lock: ReturnType<typeof sql>) {
  let finish: (last?: (tx: Pick<Database, "insert">) => Promise<unknown>) => void = () => {};
  const gate = new Promise<((tx: Pick<Database, "insert">) => Promise<unknown>) | undefined>((resolve) => {
    finish = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const held = on.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await (await gate)?.(tx);
  });
  await isLocked;
  return async (last?: (tx: Pick<Database, "insert">) => Promise<unknown>) => {
    finish(last);
    await held;
  };
}

describe("group commit of built forms' submissions", () => {
  it("commits the submissions that arrive during a write together, each answered only after its commit", async () => {
    const formId = await newForm();
    // Read before, as the route does: each request goes to the queue in the turn it is made.
    const form = await formForSubmission(formId);
    const release = await holding(db(), sql`lock table form_responses in exclusive mode`);
    const before = formResponseWriteTransactions();
    const answered: string[] = [];
    const send = (email: string, n: number) =>
      submit(formId, email, n, form).then(async (result) => {
        answered.push(email);
        const [row] = await db()
          .select({ n: count() })
          .from(formResponses)
          .where(eq(formResponses.email, email));
        return { result, visible: row?.n };
      });
    // The first goes alone and waits behind the lock; the next five queue for the next batch.
    const first = send("first@batch.example", 1);
    for (let i = 0; i < 3; i++) await nextTurn();
    const rest = Array.from({ length: 5 }, (_, i) => send(`next-${i}@batch.example`, 2 + i));
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(answered).toEqual([]);
    await release();
    const outcomes = await Promise.all([first, ...rest]);
    expect(outcomes.map((o) => o.result.ok)).toEqual([true, true, true, true, true, true]);
    // Each visible (committed) when it was answered.
    expect(outcomes.map((o) => o.visible)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(formResponseWriteTransactions() - before).toBe(2);
    const rows = await db()
      .select({ email: formResponses.email, tx: sql<string>`xmin::text` })
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .orderBy(formResponses.createdAt);
    expect(new Set(rows.slice(1).map((r) => r.tx)).size).toBe(1);
    expect(rows[0]?.tx).not.toBe(rows[1]?.tx);
    // Each row has the moment of its own insert: the batch keeps the order its submissions came in.
    expect(rows.map((r) => r.email)).toEqual([
      "first@batch.example",
      ...Array.from({ length: 5 }, (_, i) => `next-${i}@batch.example`),
    ]);
  });

  it("stores a burst of 200 to one form whole, owners in turn evenly, in far fewer transactions", async () => {
    env().rateLimitFactor = 1;
    const formId = await newForm({
      routing: { ...DEFAULT_ROUTING, mode: "round-robin", members: members.map((m) => m.userId) },
    });
    const before = formResponseWriteTransactions();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => submit(formId, `burst-${n}@batch.example`, 100 + n)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(200);
    const transactions = formResponseWriteTransactions() - before;
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(20);
    const rows = await db()
      .select({ email: formResponses.email, owner: formResponses.assignedTo })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.email)).size).toBe(200);
    // Handed out in turn, batch after batch: 67, 67 and 66 each, and 200 turns taken.
    const per = members.map((m) => rows.filter((r) => r.owner === m.userId).length).sort();
    expect(per).toEqual([66, 67, 67]);
    const [turns] = await db()
      .select({ turns: leadAssignmentTurns.turns })
      .from(leadAssignmentTurns)
      .where(eq(leadAssignmentTurns.key, `form:${formId}`));
    expect(turns?.turns).toBe(200);
    // Every one counted against its own address.
    const [hits] = await db()
      .select({ n: sql<number>`sum(${rateLimits.count})::int` })
      .from(rateLimits)
      .where(
        inArray(
          rateLimits.key,
          Array.from({ length: 200 }, (_, n) => `form:${clientKey(clientOf(100 + n))}`),
        ),
      );
    expect(hits?.n).toBe(200);
  });

  it("lets exactly its 10 places in out of 50 at once; the rest are told it is closed, on every page too", async () => {
    const formId = await newForm({ maxSubmissions: 10 });
    const version = await currentContentVersion();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => submit(formId, `seat-${n}@batch.example`, 400 + n)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const closed = results.filter((r) => !r.ok);
    expect(closed).toHaveLength(40);
    for (const result of closed)
      expect(result).toEqual({ ok: false, reason: "closed", message: "All seats are taken." });
    const [stored] = await db()
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(stored?.n).toBe(10);
    expect(await currentContentVersion()).toBeGreaterThan(version);
  });

  it("counts the places under the form's lock: the last one taken by another instance meanwhile is not given twice", async () => {
    const formId = await newForm({ maxSubmissions: 3 });
    expect((await submit(formId, "one@seat.example", 500)).ok).toBe(true);
    expect((await submit(formId, "two@seat.example", 501)).ok).toBe(true);
    const other = otherInstance();
    // Another instance holds the form's row and takes the last place; this one's batch waits for the row.
    const release = await holding(other.db, sql`select id from forms where id = ${formId} for update`);
    const lastPlace = (tx: Pick<Database, "insert">) =>
      tx.insert(formResponses).values({
        formId,
        email: "other@seat.example",
        values: { name: "Other Instance" },
        ...WEBINAR_VISIT,
      });
    try {
      let settled = false;
      const late = submit(formId, "late@seat.example", 502).finally(() => {
        settled = true;
      });
      if (testDatabaseKind() === "postgres") {
        // Until its batch waits for a lock (or, were it not to, is answered). PGlite's one connection cannot even
        // start it meanwhile: no wait needed there.
        await until(async () => {
          const [row] = rowsOf<{ n: number }>(
            await db().execute(
              sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          );
          return settled || Number(row?.n ?? 0) > 0;
        });
      }
      await release(lastPlace);
      expect(await late).toEqual({ ok: false, reason: "closed", message: "All seats are taken." });
    } finally {
      await release();
      await other.end();
    }
    expect(await storedEmails(formId)).toEqual([
      "one@seat.example",
      "other@seat.example",
      "two@seat.example",
    ]);
  });

  it("fails only the submission that fails: the rest of its batch is stored with its webhooks, the bad one leaves nothing", async () => {
    env().rateLimitFactor = 1;
    const formId = await newForm();
    await db()
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/forms", events: ["form.submitted"], secret: "whsec_test" });
    await db().execute(sql`
      create function reject_poisoned_response() returns trigger language plpgsql as $$
      begin
        if new.email = 'poison@batch.example' then raise exception 'poisoned submission'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger reject_poisoned_response before insert on form_responses
      for each row execute function reject_poisoned_response()`);
    try {
      const form = await formForSubmission(formId);
      const before = formResponseWriteTransactions();
      const emails = [
        "good-1@batch.example",
        "good-2@batch.example",
        "poison@batch.example",
        "good-3@batch.example",
      ];
      // Sent in one turn of the event loop: one batch.
      const results: FormCaptureResult[] = await Promise.all(
        emails.map((email, i) => submit(formId, email, 600 + i, form)),
      );
      expect(results.map((r) => (r.ok ? "ok" : r.reason))).toEqual(["ok", "ok", "failed", "ok"]);
      // The batch (rolled back), then each alone.
      expect(formResponseWriteTransactions() - before).toBe(1 + emails.length);
      expect(await storedEmails(formId)).toEqual([
        "good-1@batch.example",
        "good-2@batch.example",
        "good-3@batch.example",
      ]);
      const announced = await db()
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.event, "form.submitted"));
      const ids = announced.map(
        (a) => (a.payload.data as { values: { work_email: string } }).values.work_email,
      );
      expect(ids.sort()).toEqual(["good-1@batch.example", "good-2@batch.example", "good-3@batch.example"]);
      // Every attempt counted once against its address, the failed one too (it cannot be retried for free).
      for (const i of [0, 1, 2, 3]) {
        const [row] = await db()
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(eq(rateLimits.key, `form:${clientKey(clientOf(600 + i))}`));
        expect(row?.count).toBe(1);
      }
    } finally {
      await db().execute(sql`drop trigger reject_poisoned_response on form_responses`);
      await db().execute(sql`drop function reject_poisoned_response()`);
      await db().delete(webhookEndpoints);
    }
  });

  it("reads the form once per save, and a save takes effect at once: closed since the request read it, it refuses", async () => {
    const formId = await newForm();
    const read = await formForSubmission(formId);
    expect(await formForSubmission(formId)).toBe(read);
    const closed = await saveForm(
      formId,
      webinarInput({ status: "closed", closedMessage: "Closed for good." }),
      memberContext(owner),
    );
    expect(closed.ok).toBe(true);
    expect((await formForSubmission(formId))?.status).toBe("closed");
    // A request that read the form before the save (the route reads it for the body limit) is refused all the same.
    const stale = await captureFormResponse({
      formId,
      form: read,
      raw: { name: "Grace Hopper", work_email: "stale@batch.example", topics: "forecasting", consent: "on" },
      attribution: WEBINAR_VISIT,
      client: clientOf(700),
      trap: null,
    });
    expect(stale).toEqual({ ok: false, reason: "closed", message: "Closed for good." });
    const [stored] = await db()
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(stored?.n).toBe(0);
  });
});
