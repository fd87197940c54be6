// Lead capture: the contact page, the contact/demo dialog and the footer newsletter. Every public write goes
// through one path here (captureLead): bot traps → per-client rate limit → store with attribution (by group commit,
// the limit counted in the same transaction) and the lead's outbox rows → only then report the result. Alerts and
// webhooks are delivered afterwards by the outbox worker (app/models/outbox.server.ts), never inside the visitor's
// request. The route reads the request (form, attribution cookie, client address: app/routes/support/
// lead-submission.server.ts) and turns the result into an answer; the rows are written by lead-storage.server.ts,
// suspected spam held by held-submissions.server.ts.
import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { websiteSettings } from "~/db/schema";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, loggableError } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { countLeadSubmission, type LeadOutcome } from "~/infra/metrics.server";
import { hitRateLimits } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import type { Attribution } from "~/lib/lead-schema";
import type { LeadForm } from "~/lib/lead-status";
import { mergeSettings, type SettingKey } from "~/lib/settings";
import { holdSuspectedSpam } from "~/models/held-submissions.server";
import {
  type HoldFacts,
  insertContactRequests,
  insertLeadSubmissions,
  insertSubscribers,
  type LeadInputOf,
  type PendingLead,
  queueDeliveries,
  type StoreResult,
  storeSettings,
  submissionWrites,
  type Tx,
  takeTurns,
} from "~/models/lead-storage.server";
import type { Member } from "~/models/member-directory.server";
import { confirmationKey } from "~/models/newsletter-subscribers.server";
import { recordConversions, sendOfConversion } from "~/models/newsletter-tracking.server";
import { outboxWritten } from "~/models/outbox.server";
import { leadsChanged } from "~/models/realtime-events.server";

export type { PendingLead, StoreResult } from "~/models/lead-storage.server";

/** Per client address and form: generous for a person, tight for a script. Scaled by RATE_LIMIT_FACTOR. */
export const LEAD_RATE_LIMITS: Record<LeadForm, { limit: number; windowSeconds: number }> = {
  contact: { limit: 5, windowSeconds: 600 },
  lead: { limit: 5, windowSeconds: 600 },
  newsletter: { limit: 5, windowSeconds: 600 },
};

// --- storage ------------------------------------------------------------------------------------------------
// Leads are written by group commit (docs/decisions/022-group-commit-for-leads.md): the submissions that arrive
// while one batch is being written wait, and the next transaction takes them all. One transaction counts the
// batch's rate-limit hits, inserts the leads that are within their limits and their outbox rows (alert mails,
// webhooks), and only after its commit does each request get its answer and the worker its wake-up: a lead is
// never lost to a delivery problem, and no delivery exists for a lead that was not stored.

/**
 * Writes a batch of pending leads in one transaction: their rate-limit hits (in arrival order), the leads within
 * their limits, and those leads' outbox rows. One result per lead, in order; throws (nothing written) when any
 * statement fails.
 */
export async function storeLeads(batch: PendingLead[]): Promise<StoreResult[]> {
  const key = batch.some((p) => p.kind === "newsletter") ? await confirmationKey() : null;
  const { results, queued } = await db().transaction(async (tx) => {
    const open = await formsOpen(tx, batch);
    const results: (StoreResult | undefined)[] = batch.map((p) =>
      p.hold || open[p.kind] ? undefined : { stored: false, reason: "form-off" },
    );
    const held = await holdSuspectedSpam(tx, batch);
    for (const [i, result] of held) results[i] = result;
    const counted = batch.flatMap((p, i) => (!results[i] && p.rate ? [{ i, hit: p.rate }] : []));
    const verdicts = await hitRateLimits(
      tx,
      counted.map((c) => c.hit),
    );
    for (const [n, { i }] of counted.entries()) {
      const verdict = verdicts[n];
      if (verdict && !verdict.ok)
        results[i] = { stored: false, reason: "rate-limited", retryAfter: verdict.retryAfter };
    }
    const accepted = batch.filter((_, i) => !results[i]);
    const settings = await storeSettings(tx, accepted.length);
    const turns = settings ? await takeTurns(tx, settings, accepted) : new Map<PendingLead, Member>();
    const of = <K extends LeadForm>(kind: K) =>
      accepted
        .filter((p): p is Extract<PendingLead, { kind: K }> => p.kind === kind)
        .map((p) => ({ ...p, assignee: turns.get(p) }));
    const newsletter = await insertSubscribers(tx, of("newsletter"), key);
    const stored = [
      ...(await insertContactRequests(tx, of("contact"))),
      ...(await insertLeadSubmissions(tx, of("lead"))),
      ...newsletter.stored,
    ];
    // Open inboxes and dashboards (any instance) hear of it when this commits.
    if (stored.length > 0 || held.size > 0) await leadsChanged(tx);
    await recordConversions(
      tx,
      stored.flatMap(({ lead, newsletterId }) => (newsletterId ? [{ newsletterId, kind: lead.kind }] : [])),
    );
    return {
      results: results.map((r): StoreResult => r ?? { stored: true }),
      queued: (await queueDeliveries(tx, stored, mailConfigured() ? settings : null)) + newsletter.queued,
    };
  });
  // Only leads with deliveries wake the worker: without mail or webhooks there is nothing for it to claim.
  if (queued) outboxWritten();
  return results;
}

/**
 * Which forms the administrator has open (Settings: contact form, newsletter), read in the batch's transaction:
 * one small query per batch instead of all settings per request. The dialog's leads have no switch.
 */
async function formsOpen(tx: Tx, batch: PendingLead[]): Promise<Record<LeadForm, boolean>> {
  const switched = batch.some((p) => p.kind !== "lead");
  const rows = switched
    ? await tx
        .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
        .from(websiteSettings)
        .where(
          inArray(websiteSettings.settingKey, [
            "contactFormEnabled",
            "newsletterEnabled",
          ] satisfies SettingKey[]),
        )
    : [];
  const settings = mergeSettings(rows);
  return { contact: settings.contactFormEnabled, lead: true, newsletter: settings.newsletterEnabled };
}

const leadWrites = submissionWrites<PendingLead, StoreResult>({ one: "lead", many: "leads" }, storeLeads);

/** Stores one lead through the group commit; resolves after the transaction holding it has committed. */
export function storeLead(pending: PendingLead): Promise<StoreResult> {
  return leadWrites.submit(pending);
}

/** Waits until every queued lead is committed (shutdown, before the database closes). */
export function drainLeadWrites(): Promise<void> {
  return leadWrites.drain();
}

/** Transactions the lead writes took so far (batches and single retries). */
export function leadWriteTransactions(): number {
  return leadWrites.batches;
}

// --- the one path every public write takes -------------------------------------------------------------------

/** One validated submission and the facts of its request, as the route read them. */
export type LeadSubmission = LeadInputOf & {
  attribution: Attribution;
  /** The client's address: its rate limit, and the source of held spam. */
  client: string;
  /** The conversion cookie's value (CONVERSION_COOKIE), if the browser sent one. */
  conversion?: string;
  /** Set when a bot trap caught it (honeypot filled, or sent too fast). */
  trap?: Omit<HoldFacts, "source"> | null;
};

/**
 * What became of a submission: accepted (stored, or held as suspected spam: the visitor cannot tell), refused
 * because its form is off or its client over the limit, or not stored because the database is unavailable (worth
 * a retry) or the write failed.
 */
export type CaptureResult =
  | { ok: true }
  | { ok: false; reason: "form-off" }
  | { ok: false; reason: "rate-limited"; retryAfter: number }
  | { ok: false; reason: "unavailable"; retryAfter: number }
  | { ok: false; reason: "failed" };

/**
 * Holds a trapped submission; accepted whatever happens: held, dropped over the caps, or failed to write (logged),
 * so the visitor sees the same success as for a stored lead.
 */
async function hold(submission: LeadSubmission, trap: Omit<HoldFacts, "source">): Promise<CaptureResult> {
  const { kind, input, attribution } = submission;
  try {
    const hold = { ...trap, source: clientKey(submission.client) };
    const result = await storeLead({ kind, input, attribution, rate: null, hold } as PendingLead);
    if (result.stored) logger.info({ kind, reason: hold.reason }, "lead held as suspected spam");
    countLeadSubmission(kind, result.stored ? "held" : "dropped");
  } catch (error) {
    logger.error({ err: error, kind }, "failed to hold suspected spam");
    countLeadSubmission(kind, "failed");
  }
  return { ok: true };
}

const OUTCOME_OF: Record<Exclude<CaptureResult, { ok: true }>["reason"], LeadOutcome> = {
  "form-off": "refused",
  "rate-limited": "rate_limited",
  unavailable: "unavailable",
  failed: "failed",
};

/**
 * Protects and stores one validated public submission. Never throws: every failure is a result the route can
 * answer with, and a bot caught by a trap is answered like a success so it learns nothing.
 */
export async function captureLead(submission: LeadSubmission): Promise<CaptureResult> {
  if (submission.trap) return hold(submission, submission.trap);
  const result = await capture(submission);
  countLeadSubmission(submission.kind, result.ok ? "stored" : OUTCOME_OF[result.reason]);
  return result;
}

async function capture(submission: LeadSubmission): Promise<CaptureResult> {
  const { kind, input, attribution } = submission;
  try {
    const { limit, windowSeconds } = LEAD_RATE_LIMITS[kind];
    const rate = { key: `lead:${kind}:${clientKey(submission.client)}`, limit, windowSeconds };
    const newsletterId = await sendOfConversion(submission.conversion);
    const result = await storeLead({ kind, input, attribution, rate, newsletterId } as PendingLead);
    // The administrator turned this form off (Settings). (Only held submissions meet the spam caps, and they never
    // come this way.)
    if (!result.stored && result.reason !== "rate-limited") return { ok: false, reason: "form-off" };
    if (!result.stored) return { ok: false, reason: "rate-limited", retryAfter: result.retryAfter };
    logger.info(
      { kind, sourcePage: attribution.sourcePage, section: attribution.sourceSection },
      "lead stored",
    );
    return { ok: true };
  } catch (error) {
    // The database's code only: the failed statement's parameters are the visitor's data.
    logger.error({ ...loggableError(error), kind }, "failed to store lead");
    // Nothing was stored (the batch's transaction rolled back): the visitor may try again.
    if (isDatabaseUnavailable(error)) {
      return { ok: false, reason: "unavailable", retryAfter: DATABASE_RETRY_AFTER_SECONDS };
    }
    return { ok: false, reason: "failed" };
  }
}
