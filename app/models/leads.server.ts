// Lead capture: the contact page, the contact/demo dialog and the footer newsletter. Every public write goes
// through one path here: validate (zod schemas built from the rules the browser checks) → honeypot → per-IP
// rate limit → store with attribution and the lead's outbox rows → only then report success. Alerts and webhooks
// are delivered afterwards by the outbox worker (app/models/outbox.server.ts), never inside the visitor's request.
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import { contactRequests, formSubmissions, subscribers } from "~/db/schema";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import { parseForm } from "~/lib/forms";
import {
  ATTRIBUTION_COOKIE,
  type Attribution,
  ELAPSED_FIELD,
  formValues,
  HONEYPOT_FIELD,
  type LeadResponse,
  leadSubject,
  MESSAGES,
  UTM_KEYS,
} from "~/lib/lead-schema";
import {
  type ContactInput,
  contactSchema,
  type LeadInput,
  leadSchema,
  type NewsletterInput,
  newsletterSchema,
} from "~/lib/lead-schema.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit, retryAfterText } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request-context.server";
import { type LeadFacts, notificationEntries } from "~/models/lead-notifications.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import { webhookEntries } from "~/models/webhooks.server";

export type { LeadKind } from "~/models/lead-notifications.server";

import type { LeadKind } from "~/models/lead-notifications.server";

/** Per client address and form: generous for a person, tight for a script. Scaled by RATE_LIMIT_FACTOR. */
export const LEAD_RATE_LIMITS: Record<LeadKind, { limit: number; windowSeconds: number }> = {
  contact: { limit: 5, windowSeconds: 600 },
  lead: { limit: 5, windowSeconds: 600 },
  newsletter: { limit: 5, windowSeconds: 600 },
};

const clip = (v: unknown, max = 500): string | null => {
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t ? t.slice(0, max) : null;
};

/** A same-site path for "where the form was": absolute URLs of our own origin become paths, others are dropped. */
function sitePath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return clip(url.pathname + url.search);
  } catch {
    return null;
  }
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

/**
 * Attribution of one submission: the first-visit cookie (landing page, referrer, utm_*) plus where the form is
 * (source page and section from the form, else the Referer header).
 */
export function readAttribution(
  request: Request,
  form: { source_page?: string; source_section?: string },
): Attribution {
  const origin = new URL(request.url).origin;
  let first: Record<string, unknown> = {};
  const raw = readCookie(request, ATTRIBUTION_COOKIE);
  if (raw) {
    try {
      const parsed = JSON.parse(decodeURIComponent(raw));
      if (parsed && typeof parsed === "object") first = parsed as Record<string, unknown>;
    } catch {
      // A damaged or forged cookie only loses attribution, never the lead.
    }
  }
  const [utmSource, utmMedium, utmCampaign, utmTerm, utmContent] = UTM_KEYS.map((k) => clip(first[k], 200));
  return {
    sourcePage: sitePath(form.source_page, origin) ?? sitePath(request.headers.get("referer"), origin),
    sourceSection: clip(form.source_section, 100),
    referrer: clip(first.referrer),
    landingPage: clip(first.landing_page),
    utmSource: utmSource ?? null,
    utmMedium: utmMedium ?? null,
    utmCampaign: utmCampaign ?? null,
    utmTerm: utmTerm ?? null,
    utmContent: utmContent ?? null,
  };
}

// --- storage ------------------------------------------------------------------------------------------------
// Each insert writes the lead and its outbox rows (alert mails, webhooks) in one transaction, then wakes the
// worker: the lead is never lost to a delivery problem, and no delivery exists for a lead that was not stored.

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function queueLeadDeliveries(
  tx: Tx,
  facts: LeadFacts,
  event: "lead.created" | "subscriber.created",
  data: Record<string, unknown>,
) {
  const leadEmail = facts.email.toLowerCase();
  const entries = [
    ...(await notificationEntries(tx, facts)),
    ...(await webhookEntries(tx, event, data, leadEmail)),
  ];
  await enqueue(tx, entries);
  return entries.length;
}

function facts(
  kind: LeadKind,
  id: string,
  email: string,
  attribution: Attribution,
  more: Partial<LeadFacts>,
) {
  return { kind, id, email, ...attribution, ...more } satisfies LeadFacts;
}

export async function insertContactRequest(input: ContactInput, attribution: Attribution) {
  const { row, queued } = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        name: input.name,
        email: input.email,
        organization: input.organization || null,
        interest: input.interest,
        message: input.message,
        ...attribution,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const lead = facts("contact", row.id, row.email, attribution, {
      name: row.name,
      organization: row.organization,
      topic: row.interest,
      message: row.message,
    });
    const queued = await queueLeadDeliveries(tx, lead, "lead.created", {
      ...lead,
      createdAt: row.createdAt.toISOString(),
    });
    return { row, queued };
  });
  // Only a lead with deliveries wakes the worker: without mail or webhooks there is nothing for it to claim.
  if (queued) outboxWritten();
  return { id: row.id };
}

/** A demo or dialog lead. It does not subscribe anyone: only the newsletter form does (consent). */
export async function insertLeadSubmission(input: LeadInput, attribution: Attribution) {
  const { row, queued } = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        email: input.email,
        name: input.name || null,
        purpose: input.purpose || null,
        message: input.message || null,
        subject: leadSubject(attribution.sourceSection),
        ...attribution,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const lead = facts("lead", row.id, row.email, attribution, {
      name: row.name,
      topic: row.purpose ?? row.subject,
      message: row.message,
    });
    const queued = await queueLeadDeliveries(tx, lead, "lead.created", {
      ...lead,
      createdAt: row.createdAt.toISOString(),
    });
    return { row, queued };
  });
  // Only a lead with deliveries wakes the worker: without mail or webhooks there is nothing for it to claim.
  if (queued) outboxWritten();
  return { id: row.id };
}

/** One subscriber per address (lower-cased); the first attribution is kept, and only a new one is announced. */
export async function insertSubscriber(input: NewsletterInput, attribution: Attribution) {
  const email = input.email.toLowerCase();
  const queued = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({ email, purpose: "newsletter", ...attribution })
      .onConflictDoNothing({ target: subscribers.email })
      .returning();
    if (!row) return 0;
    const lead = facts("newsletter", row.id, email, attribution, {});
    return queueLeadDeliveries(tx, lead, "subscriber.created", {
      id: row.id,
      email,
      ...attribution,
      createdAt: row.createdAt.toISOString(),
    });
  });
  if (queued) outboxWritten();
}

export async function countLeads() {
  const rows = await db().execute<{ contacts: number; submissions: number; subscribers: number }>(sql`
    select (select count(*) from atlas_contact_requests)::int as contacts,
           (select count(*) from form_submissions)::int as submissions,
           (select count(*) from subscribers)::int as subscribers`);
  const [row] = rowsOf<{ contacts: number; submissions: number; subscribers: number }>(rows);
  return {
    contacts: Number(row?.contacts),
    submissions: Number(row?.submissions),
    subscribers: Number(row?.subscribers),
  };
}

// --- the one path every public write takes -------------------------------------------------------------------

export interface LeadOutcome {
  status: 200 | 400 | 404 | 429 | 500 | 503;
  body: LeadResponse;
  headers?: Record<string, string>;
}

const KIND_SCHEMA = { contact: contactSchema, lead: leadSchema, newsletter: newsletterSchema } as const;

function failureToast(kind: LeadKind, message?: string): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "error", message: message ?? MESSAGES.contactFailure };
  if (kind === "lead")
    return { type: "error", title: MESSAGES.dialogFailureTitle, message: message ?? MESSAGES.dialogFailure };
  return { type: "error", message: message ?? "Subscription failed. Please try again." };
}

function successToast(kind: LeadKind): NonNullable<LeadResponse["toast"]> {
  if (kind === "contact") return { type: "success", message: MESSAGES.contactSuccess };
  if (kind === "lead")
    return { type: "success", title: MESSAGES.dialogSuccessTitle, message: MESSAGES.dialogSuccess };
  return { type: "success", message: MESSAGES.newsletterSuccess };
}

/** True when the browser measured less than LEAD_MIN_FILL_MS (2 s) between the form becoming usable and submit. */
function tooFast(elapsed: FormDataEntryValue | null): boolean {
  if (typeof elapsed !== "string" || elapsed === "") return false;
  const ms = Number(elapsed);
  return Number.isFinite(ms) && ms < env().leadMinFillMs;
}

/** The 429 wording, shared by every form. */
export function rateLimitMessage(retryAfter: number) {
  return `Too many submissions from your address. Please wait ${retryAfterText(retryAfter)} and try again.`;
}

/**
 * Validates, protects and stores one public submission. Never throws: every failure becomes an answer the form
 * can show, with the visitor's input kept.
 */
export async function submitLead(
  kind: LeadKind,
  request: Request,
  form: FormData,
  ip: string,
): Promise<LeadOutcome> {
  const values = formValues(form);
  delete values[HONEYPOT_FIELD];
  delete values[ELAPSED_FIELD];
  const parsed = parseForm<ContactInput | LeadInput | NewsletterInput>(KIND_SCHEMA[kind], formValues(form));
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0];
    return {
      status: 400,
      body: { ok: false, errors: parsed.fieldErrors, values, toast: failureToast(kind, first) },
    };
  }
  // Bots fill the hidden field, or submit faster than a person can: answer like a success so they learn nothing,
  // and store nothing. No elapsed time (no JavaScript) is not held against anyone.
  if ((form.get(HONEYPOT_FIELD) ?? "") !== "" || tooFast(form.get(ELAPSED_FIELD))) {
    logger.warn({ kind, ip }, "lead honeypot filled or sent too fast; dropped");
    return { status: 200, body: { ok: true, toast: successToast(kind) } };
  }
  try {
    const { limit, windowSeconds } = LEAD_RATE_LIMITS[kind];
    const rate = await hitRateLimit(`lead:${kind}:${clientKey(ip)}`, limit, windowSeconds);
    if (!rate.ok) {
      const message = rateLimitMessage(rate.retryAfter);
      return {
        status: 429,
        body: { ok: false, values, errors: { form: message }, toast: failureToast(kind, message) },
        headers: { "Retry-After": String(rate.retryAfter) },
      };
    }
    const attribution = readAttribution(request, parsed.data);
    if (kind === "contact") await insertContactRequest(parsed.data as ContactInput, attribution);
    else if (kind === "lead") await insertLeadSubmission(parsed.data as LeadInput, attribution);
    else await insertSubscriber(parsed.data as NewsletterInput, attribution);
    logger.info(
      { kind, sourcePage: attribution.sourcePage, section: attribution.sourceSection },
      "lead stored",
    );
    return { status: 200, body: { ok: true, toast: successToast(kind) } };
  } catch (error) {
    logger.error({ err: error, kind }, "failed to store lead");
    if (isDatabaseUnavailable(error)) {
      // Nothing was stored (one insert, or none): say so, keep what the visitor typed, and invite a retry.
      return {
        status: 503,
        body: {
          ok: false,
          values,
          errors: { form: DATABASE_UNAVAILABLE_MESSAGE },
          toast: failureToast(kind, DATABASE_UNAVAILABLE_MESSAGE),
        },
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    return { status: 500, body: { ok: false, values, toast: failureToast(kind) } };
  }
}
