// The outbox (docs/decisions/014-outbox.md): rows written in the transaction of the change they report (a lead,
// a publication), delivered afterwards by a worker in the server process (app/jobs/outbox-delivery.server.ts).
// Claims take due rows with FOR UPDATE SKIP LOCKED and a lease, so two instances on one PostgreSQL never take the
// same row and the rows of a claimer that died come back when its lease ends. Nothing lives only in memory: a
// restart or kill -9 loses no delivery, and the visitor's request never waits for one.
import { and, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { type Database, db } from "~/db/client.server";
import { type OutboxKind, outbox, webhookEndpoints } from "~/db/schema";
import { databaseErrorCode, isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured, sendMail } from "~/infra/mail.server";
import { UnreadableSecret, unseal } from "~/infra/secret-box.server";
import { postWebhook, type WebhookAttempt } from "~/infra/webhook-http.server";
import { safeJson, safeText, safeTextOrNull } from "~/lib/safe-text";
import { wakeSignal } from "~/lib/wake-signal";

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxEntry {
  kind: OutboxKind;
  target: string;
  event: string;
  payload: Record<string, unknown>;
  leadEmail?: string | null;
}

/** db() or a transaction: whatever can insert. */
export type Writer = Pick<Database, "insert" | "select">;

/**
 * Writes rows inside the caller's transaction; call `outboxWritten()` after the commit. Payloads carry visitors'
 * text (a lead's message, its UTM values) into a `jsonb` column, so every string in them is made safe first.
 */
export async function enqueue(writer: Writer, entries: OutboxEntry[]): Promise<void> {
  if (!entries.length) return;
  await writer.insert(outbox).values(
    entries.map((entry) => ({
      ...entry,
      target: safeText(entry.target),
      event: safeText(entry.event),
      payload: safeJson(entry.payload),
      leadEmail: safeTextOrNull(entry.leadEmail),
    })),
  );
}

// --- waking the worker ---------------------------------------------------------------------------------------

const written = wakeSignal();

/** After a commit that wrote outbox rows: the worker of this process starts at once instead of at its next poll. */
export const outboxWritten = written.notify;
/** Calls `wake` after each commit that wrote outbox rows (app/jobs/outbox-delivery.server.ts); returns the undo. */
export const onOutboxWritten = written.listen;

// --- retries -------------------------------------------------------------------------------------------------

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseMs: number;
  maxDelayMs: number;
  /** A row keeps being retried until it is this old; then it is failed. */
  retryForMs: number;
}

/** 30 s, 1 min, 2 min … capped at 2 h, for 25 hours: at least a day of retries, as the product promises. */
export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: 30_000,
  maxDelayMs: 2 * 3_600_000,
  retryForMs: 25 * 3_600_000,
};

/** Exponential backoff with jitter (between half and all of the step), so failed rows do not retry in lockstep. */
export function retryDelay(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

// --- claiming and finishing ----------------------------------------------------------------------------------

/**
 * How long a claim holds a row. Far longer than one attempt may take (a webhook times out after 10 s; an SMTP
 * server can be slower), so a live claimer never loses a row it is still sending; a dead one's rows come back
 * after this (with PGlite at once, see releaseOrphanedClaims).
 */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Takes up to `batch` due rows for `workerId`: pending or retrying rows whose time has come, and expired leases. */
export async function claimDue(database: Database, workerId: string, batch = 25, leaseMs = DEFAULT_LEASE_MS) {
  const due = database
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(inArray(outbox.status, ["pending", "retrying"]), lte(outbox.nextAttemptAt, sql`now()`)),
        and(eq(outbox.status, "delivering"), lt(outbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(batch)
    .for("update", { skipLocked: true });
  return database
    .update(outbox)
    .set({
      status: "delivering",
      claimedBy: workerId,
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

interface Result {
  ok: boolean;
  /** No point retrying (the endpoint is gone or turned off). */
  final?: boolean;
  error: string | null;
  http?: WebhookAttempt;
}

type Endpoint = typeof webhookEndpoints.$inferSelect;

async function deliver(row: OutboxRow, endpoints: Map<string, Endpoint>): Promise<Result> {
  if (row.kind === "email") {
    if (!mailConfigured()) return { ok: false, error: "SMTP_URL is not configured" };
    // A mail carrying a secret (an invitation link) keeps its text sealed with the at-rest key; a newsletter's test
    // mail carries its HTML part too.
    const { subject, text, sealedText, html } = row.payload as {
      subject: string;
      text?: string;
      sealedText?: string;
      html?: string;
    };
    try {
      const body = sealedText ? unseal(sealedText, await atRestKey()) : (text ?? "");
      await sendMail({ to: row.target, subject, text: body, ...(typeof html === "string" ? { html } : {}) });
      return { ok: true, error: null };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }
  const endpoint = endpoints.get(row.target);
  if (!endpoint) return { ok: false, final: true, error: "Endpoint deleted" };
  if (!endpoint.active && row.event !== "webhook.test") {
    return { ok: false, final: true, error: "Endpoint turned off" };
  }
  let secret: string;
  try {
    // Stored encrypted (a row from before encryption is read as it is until start-up encrypts it).
    secret = unseal(endpoint.secret, await atRestKey());
  } catch (error) {
    // AUTH_SECRET changed without the secrets being encrypted again: retried, so the fix the message names
    // (the rotate-secrets command, or a new secret for the endpoint) lets the delivery through.
    if (error instanceof UnreadableSecret) return { ok: false, error: error.message };
    throw error;
  }
  const http = await postWebhook(endpoint.url, secret, `msg_${row.id}`, JSON.stringify(row.payload));
  return { ok: http.ok, error: http.error, http };
}

/** The longest error text a row keeps (an SMTP server's or a receiver's words). */
const ERROR_LENGTH = 500;
/** What a row records when its own result could not be written: the status still is. */
export const RESULT_NOT_RECORDED = "The result of this attempt could not be recorded";

/** The outcome of one attempt, as the row will record it. */
function outcome(row: OutboxRow, result: Result, policy: RetryPolicy, now: Date) {
  const age = now.getTime() - row.createdAt.getTime();
  const status = result.ok ? "delivered" : result.final || age >= policy.retryForMs ? "failed" : "retrying";
  const error = safeTextOrNull(result.error, ERROR_LENGTH);
  if (!result.ok) logger.warn({ id: row.id, kind: row.kind, status, error }, "outbox delivery failed");
  return {
    id: row.id,
    status,
    // The receiver's words go into a jsonb parameter and text columns: made safe here, whoever produced them.
    last_error: error,
    last_http_status: result.http?.status ?? null,
    last_duration_ms: result.http?.durationMs ?? null,
    response_excerpt: safeTextOrNull(result.http?.excerpt, ERROR_LENGTH),
    next_attempt_at: new Date(now.getTime() + (status === "retrying" ? retryDelay(row.attempts, policy) : 0)),
  };
}

export type Outcome = ReturnType<typeof outcome>;

/** Writes outcomes in one statement. Only the claimer still holding a row may record it. */
function recordOutcomes(database: Database, workerId: string, outcomes: Outcome[]) {
  return database.execute(sql`
    update ${outbox} o set
      status = r.status, last_error = r.last_error, last_http_status = r.last_http_status,
      last_duration_ms = r.last_duration_ms, response_excerpt = r.response_excerpt, last_attempt_at = now(),
      delivered_at = case when r.status = 'delivered' then now() else null end,
      next_attempt_at = r.next_attempt_at, locked_until = null, claimed_by = null
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as r(
      id uuid, status text, last_error text, last_http_status int, last_duration_ms int, response_excerpt text,
      next_attempt_at timestamptz)
    where o.id = r.id and o.claimed_by = ${workerId} and o.status = 'delivering'`);
}

/**
 * Records a batch's attempts in one statement (the worker shares the database with visitors' submissions, on
 * PGlite a single connection). Only the claimer still holding a row may record it: a row whose lease ran out
 * went to another claimer. A batch the database refuses (not an outage) is recorded row by row, and a row whose
 * own result is refused still gets its status with a generic note, so no row stays claimed and a delivered one is
 * never sent again. During an outage nothing can be written: the lease brings the rows back (at least once).
 */
export async function finishAll(database: Database, workerId: string, outcomes: Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  try {
    await recordOutcomes(database, workerId, outcomes);
    return;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn(
      { code: databaseErrorCode(error), rows: outcomes.length },
      "outbox results refused; recording them one by one",
    );
  }
  for (const one of outcomes) {
    try {
      await recordOutcomes(database, workerId, [one]);
      continue;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // Never the receiver's text in the log: which row, and the database's error code.
      logger.warn(
        { id: one.id, status: one.status, code: databaseErrorCode(error) },
        "outbox result refused",
      );
    }
    const bare = { ...one, last_error: one.status === "delivered" ? null : RESULT_NOT_RECORDED };
    await recordOutcomes(database, workerId, [{ ...bare, response_excerpt: null }]).catch(
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) throw error;
        logger.error({ id: one.id, code: databaseErrorCode(error) }, "outbox status not recorded");
      },
    );
  }
}

export interface WorkerOptions {
  database?: Database;
  id?: string;
  pollMs?: number;
  batch?: number;
  leaseMs?: number;
  retry?: RetryPolicy;
}

/** Claims and delivers one batch; the number of rows it took. */
export async function runOutboxOnce(options: WorkerOptions & { id: string }): Promise<number> {
  const database = options.database ?? db();
  const policy = options.retry ?? DEFAULT_RETRY;
  const rows = await claimDue(database, options.id, options.batch, options.leaseMs);
  const targets = rows.filter((r) => r.kind === "webhook").map((r) => r.target);
  const endpoints = new Map(
    targets.length
      ? (
          await database
            .select()
            .from(webhookEndpoints)
            .where(inArray(webhookEndpoints.id, [...new Set(targets)]))
        ).map((e) => [e.id, e])
      : [],
  );
  const outcomes = await Promise.all(
    rows.map(async (row) => {
      const result = await deliver(row, endpoints).catch((error: Error) => ({
        ok: false,
        error: error.message,
      }));
      return outcome(row, result, policy, new Date());
    }),
  );
  await finishAll(database, options.id, outcomes);
  return rows.length;
}

/**
 * PGlite is owned by one process: rows still "delivering" at start-up belong to this data folder's previous run,
 * which is gone (crash, kill -9), so they are due at once instead of after their lease.
 */
export async function releaseOrphanedClaims(database: Database = db()): Promise<void> {
  await database
    .update(outbox)
    .set({ status: "retrying", lockedUntil: null, claimedBy: null, nextAttemptAt: sql`now()` })
    .where(eq(outbox.status, "delivering"));
}

/** Deliveries not yet done (pending, retrying or being delivered) and the age of the oldest, for /metrics. */
export async function outboxBacklog(): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db()
    .select({
      depth: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .where(inArray(outbox.status, ["pending", "retrying", "delivering"]));
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

// --- the delivery log ----------------------------------------------------------------------------------------

/** The latest deliveries to one webhook endpoint, newest first. */
export function listDeliveries(endpointId: string, limit = 20) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "webhook"), eq(outbox.target, endpointId)))
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
}

/** Sends a delivered or failed webhook again (same webhook-id, so a receiver can tell it is a repeat). */
export async function resendDelivery(id: string, endpointId: string): Promise<boolean> {
  const rows = await db()
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, lastError: null })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.target, endpointId),
        inArray(outbox.status, ["delivered", "failed", "retrying"]),
      ),
    )
    .returning({ id: outbox.id });
  if (rows.length) outboxWritten();
  return rows.length > 0;
}

/** Erasing a person: every delivery that carries their e-mail (alerts, auto-replies, lead webhooks) goes too. */
export async function deleteDeliveriesFor(writer: Pick<Database, "delete">, email: string): Promise<number> {
  const rows = await writer
    .delete(outbox)
    .where(eq(outbox.leadEmail, email.trim().toLowerCase()))
    .returning({ id: outbox.id });
  return rows.length;
}
