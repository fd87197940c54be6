// Held submissions (suspected spam): holding them as a lead batch is written, within their caps; the Spam view's
// reads, deletions and "Not spam" (restoring one as the lead it was, through the normal lead rows of
// lead-storage.server.ts); and their 30-day expiry run by the periodic pruning.
//
// A submission caught by the honeypot or the time trap is held, not dropped (docs/decisions/026-suspected-spam-is-
// held.md): a fast person must never be lost silently. It goes into held_submissions, which nothing that counts,
// alerts, announces or exports reads; "Not spam" (restoreHeldSubmission) stores it through the normal lead write.
import { createHash } from "node:crypto";
import { and, count, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formResponses, forms, heldSubmissions } from "~/db/schema";
import {
  type ContactInput,
  LEAD_SCHEMAS,
  type LeadInput,
  type NewsletterInput,
} from "~/infra/lead-schema.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { hitRateLimits } from "~/infra/rate-limit.server";
import { answerLines, answersOf } from "~/lib/form-builder/submission";
import { parseForm } from "~/lib/forms";
import { type Attribution, HONEYPOT_FIELD } from "~/lib/lead-schema";
import type { HeldSubmission } from "~/lib/lead-status";
import { safeJson, safeText } from "~/lib/safe-text";
import { type AuditContext, auditAs, recordAuditIn } from "~/models/audit.server";
import {
  type Batch,
  insertContactRequests,
  insertLeadSubmissions,
  insertMoment,
  insertSubscribers,
  type PendingLead,
  queueDeliveries,
  type StoreResult,
  storeSettings,
  type Tx,
  takeTurns,
} from "~/models/lead-storage.server";
import { confirmationKey } from "~/models/newsletter-subscribers.server";
import { outboxWritten } from "~/models/outbox.server";
import { leadsChanged } from "~/models/realtime-events.server";
import { removeFormFiles } from "~/storage/form-files.server";

/**
 * Caps on what suspected spam may cost: held rows per source (client address, IPv6 per /64) and in all per hour,
 * counted in rate_limits like every other limit (scaled by RATE_LIMIT_FACTOR; 0 turns them off). Beyond them a
 * trapped submission is dropped, counted in the log, and still answered like a success.
 */
export const HELD_CAPS = {
  perSource: { limit: 20, windowSeconds: 3600 },
  total: { limit: 500, windowSeconds: 3600 },
} as const;
const HELD_TOTAL_KEY = "held:*";

/** A stable, non-reversible name of a client address for the held row (the address itself is not kept there). */
export function sourceHash(source: string): string {
  return createHash("sha256").update(`held-source:${source}`).digest("hex").slice(0, 32);
}

/** What is kept of a held submission: the validated input (without the honeypot) and its attribution. */
function heldPayload(pending: PendingLead): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _trap, ...input } = pending.input as Record<string, unknown>;
  return safeJson({ input, attribution: pending.attribution });
}

/**
 * Counts the batch's trapped submissions against the caps (per source first; only those within it count against
 * the total, so one flooding source cannot use up everyone's share) and inserts those within both as held rows.
 * Returns each trapped lead's result by its index in the batch.
 */
export async function holdSuspectedSpam(tx: Tx, batch: PendingLead[]): Promise<Map<number, StoreResult>> {
  const trapped = batch.flatMap((p, i) => (p.hold ? [{ i, p, hold: p.hold }] : []));
  const results = new Map<number, StoreResult>();
  if (!trapped.length) return results;
  const perSource = await hitRateLimits(
    tx,
    trapped.map(({ hold }) => ({ key: `held:${hold.source}`, ...HELD_CAPS.perSource })),
  );
  const withinSource = trapped.filter((_, n) => perSource[n]?.ok);
  const total = await hitRateLimits(
    tx,
    withinSource.map(() => ({ key: HELD_TOTAL_KEY, ...HELD_CAPS.total })),
  );
  const kept = withinSource.filter((_, n) => total[n]?.ok);
  if (kept.length) {
    await tx.insert(heldSubmissions).values(
      kept.map(({ p, hold }) => ({
        kind: p.kind,
        email: safeText(p.input.email.toLowerCase()),
        payload: heldPayload(p),
        reason: hold.reason,
        elapsedMs: hold.elapsedMs,
        sourceHash: sourceHash(hold.source),
        createdAt: insertMoment(),
      })),
    );
  }
  const keptAt = new Set(kept.map(({ i }) => i));
  for (const { i } of trapped) results.set(i, keptAt.has(i) ? { stored: true, held: true } : spamDropped());
  return results;
}

/** Trapped submissions dropped over the caps: the total since start, logged at most once a minute. */
const dropped = { total: 0, sinceLog: 0, loggedAt: 0 };
const DROP_LOG_INTERVAL_MS = 60_000;

function spamDropped(): StoreResult {
  dropped.total++;
  dropped.sinceLog++;
  const now = Date.now();
  if (now - dropped.loggedAt >= DROP_LOG_INTERVAL_MS) {
    logger.warn(
      { dropped: dropped.sinceLog, droppedTotal: dropped.total },
      "suspected spam over the hold caps; dropped",
    );
    dropped.loggedAt = now;
    dropped.sinceLog = 0;
  }
  return { stored: false, reason: "spam-cap" };
}

/** Trapped submissions dropped over the caps since the process started. */
export function droppedSpamCount(): number {
  return dropped.total;
}

/** A held row read back as the pending lead it would have been, validated again as a public submission is. */
function pendingFromHeld(row: typeof heldSubmissions.$inferSelect): Batch<unknown>[number] | null {
  const payload = row.payload as { input?: unknown; attribution?: unknown };
  const input = payload.input && typeof payload.input === "object" ? payload.input : {};
  const strings = Object.fromEntries(
    Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = parseForm<ContactInput | LeadInput | NewsletterInput>(LEAD_SCHEMAS[row.kind], strings);
  if (!parsed.ok) return null;
  const raw = (payload.attribution ?? {}) as Record<string, unknown>;
  const text = (key: keyof Attribution) => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  const attribution: Attribution = {
    sourcePage: text("sourcePage"),
    sourceSection: text("sourceSection"),
    referrer: text("referrer"),
    landingPage: text("landingPage"),
    utmSource: text("utmSource"),
    utmMedium: text("utmMedium"),
    utmCampaign: text("utmCampaign"),
    utmTerm: text("utmTerm"),
    utmContent: text("utmContent"),
  };
  return { input: parsed.data, attribution, at: row.createdAt };
}

export type RestoreResult = "restored" | "gone" | "invalid";

/**
 * "Not spam": stores a held submission as the lead it was (its kind's validation, attribution, first received
 * time), queues its alert mails and webhooks, and deletes the held row, all in one transaction. The row is locked
 * first, so two admins restoring it at once store it (and alert) once; the second gets "gone". Not counted against
 * the visitor's rate limit, and stored even if its form has been switched off since: the administrator decides.
 */
export async function restoreHeldSubmission(id: string, who: AuditContext): Promise<RestoreResult> {
  const key = await confirmationKey();
  const { result, queued } = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(heldSubmissions).where(eq(heldSubmissions.id, id)).for("update");
    if (!row) return { result: "gone" as const, queued: 0 };
    const pending = pendingFromHeld(row);
    if (!pending) return { result: "invalid" as const, queued: 0 };
    const settings = await storeSettings(tx, 1);
    const turns = settings ? await takeTurns(tx, settings, [{ kind: row.kind }]) : new Map();
    const lead = [{ ...pending, assignee: [...turns.values()][0] }];
    const { stored, queued } =
      row.kind === "contact"
        ? { stored: await insertContactRequests(tx, lead as Batch<ContactInput>), queued: 0 }
        : row.kind === "lead"
          ? { stored: await insertLeadSubmissions(tx, lead as Batch<LeadInput>), queued: 0 }
          : await insertSubscribers(tx, lead as Batch<NewsletterInput>, key);
    await tx.delete(heldSubmissions).where(eq(heldSubmissions.id, id));
    await recordAuditIn(tx, {
      ...who,
      action: "spam.restore",
      entity: "held_submission",
      entityId: id,
      details: { kind: row.kind, reason: row.reason, leadId: stored[0]?.lead.id ?? null },
    });
    await leadsChanged(tx);
    return {
      result: "restored" as const,
      queued: (await queueDeliveries(tx, stored, mailConfigured() ? settings : null)) + queued,
    };
  });
  if (queued) outboxWritten();
  return result;
}

/** Held rows are deleted this long after they arrived. */
export const HELD_RETENTION_DAYS = 30;

/** The most rows the Spam view lists (the per-hour caps keep the table far smaller in practice). */
export const HELD_LIST_LIMIT = 200;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The newest held submissions, newest first: the site's own forms' and the built forms'. */
export async function listHeldSubmissions(limit = HELD_LIST_LIMIT): Promise<HeldSubmission[]> {
  const [rows, formRows] = await Promise.all([
    db().select().from(heldSubmissions).orderBy(desc(heldSubmissions.createdAt)).limit(limit),
    db()
      .select({ row: formResponses, formName: forms.name, definition: forms.definition })
      .from(formResponses)
      .innerJoin(forms, eq(forms.id, formResponses.formId))
      .where(isNotNull(formResponses.heldReason))
      .orderBy(desc(formResponses.createdAt))
      .limit(limit),
  ]);
  const own = rows.map((row): HeldSubmission => {
    const input: Record<string, unknown> = (row.payload as { input?: Record<string, unknown> }).input ?? {};
    return {
      id: row.id,
      kind: row.kind,
      email: text(input.email) ?? row.email,
      name: text(input.name),
      message: text(input.message),
      reason: row.reason,
      elapsedMs: row.elapsedMs,
      createdAt: row.createdAt,
    };
  });
  const built = formRows.map(
    ({ row, formName, definition }): HeldSubmission => ({
      id: row.id,
      kind: "form",
      formName,
      email: row.email,
      name: row.name,
      // Its answers, as the Spam view shows a message: enough to tell a person from a bot.
      message: answerLines(answersOf(definition, row.values, row.files)) || null,
      reason: row.heldReason ?? "honeypot",
      elapsedMs: row.heldElapsedMs,
      createdAt: row.createdAt,
    }),
  );
  return [...own, ...built]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, limit);
}

export async function countHeldSubmissions(): Promise<number> {
  const [[own], [built]] = await Promise.all([
    db().select({ n: count() }).from(heldSubmissions),
    db().select({ n: count() }).from(formResponses).where(isNotNull(formResponses.heldReason)),
  ]);
  return Number(own?.n ?? 0) + Number(built?.n ?? 0);
}

/** Deletes one held submission for good; undefined when it was already gone. */
export async function deleteHeldSubmission(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(heldSubmissions)
    .where(eq(heldSubmissions.id, id))
    .returning({ id: heldSubmissions.id, kind: heldSubmissions.kind, reason: heldSubmissions.reason });
  if (row) {
    await auditAs(who, {
      action: "spam.delete",
      entity: "held_submission",
      entityId: row.id,
      details: { kind: row.kind, reason: row.reason },
    });
  }
  return row;
}

/**
 * Deletes the held submissions older than HELD_RETENTION_DAYS (the built forms' too, and then their files); returns
 * how many went.
 */
export async function pruneHeldSubmissions(): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${HELD_RETENTION_DAYS})`;
  const gone = await db()
    .delete(heldSubmissions)
    .where(lte(heldSubmissions.createdAt, cutoff))
    .returning({ id: heldSubmissions.id });
  const goneBuilt = await db()
    .delete(formResponses)
    .where(and(isNotNull(formResponses.heldReason), lte(formResponses.createdAt, cutoff)))
    .returning({ id: formResponses.id, files: formResponses.files });
  await removeFormFiles(goneBuilt.map((r) => r.files));
  return gone.length + goneBuilt.length;
}
