// The server's metrics (docs/decisions/052-metrics-and-readiness.md): one prom-client registry, read by GET /metrics
// (server/metrics.ts). The figures models count themselves (leads, held spam, newsletter messages) are defined
// here, each label set created once, so counting is an increment; the HTTP host's figures and those read at scrape
// time (outbox, jobs, realtime, page cache) are registered by server/metrics.ts.
import { Counter, Registry } from "prom-client";
import { LEAD_FORMS, type LeadForm } from "~/lib/lead-status";

export const metricsRegistry = new Registry();

/** What became of a public form submission (app/models/leads.server.ts, captureLead). */
export const LEAD_OUTCOMES = [
  "stored",
  "held",
  "dropped",
  "refused",
  "rate_limited",
  "unavailable",
  "failed",
] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

const leadSubmissions = new Counter({
  name: "lead_submissions_total",
  help: "Public form submissions by form and outcome: stored, held as suspected spam, dropped over the spam caps, refused (form off), rate limited, database unavailable, failed.",
  labelNames: ["form", "outcome"] as const,
  registers: [metricsRegistry],
});
const leadChildren = new Map<string, { inc(value?: number): void }>();
for (const form of LEAD_FORMS) {
  for (const outcome of LEAD_OUTCOMES) {
    const child = leadSubmissions.labels(form, outcome);
    // Shown as 0 from the start, so a rate over the first submission has a series to start from.
    child.inc(0);
    leadChildren.set(`${form} ${outcome}`, child);
  }
}

/** Counts one submission of `form` with its outcome. */
export function countLeadSubmission(form: LeadForm, outcome: LeadOutcome): void {
  leadChildren.get(`${form} ${outcome}`)?.inc();
}

const newsletterSent = new Counter({
  name: "newsletter_messages_sent_total",
  help: "Newsletter messages the SMTP server accepted, sent by this instance.",
  registers: [metricsRegistry],
});

/** Counts one newsletter message accepted by the SMTP server. */
export function countNewsletterMessageSent(): void {
  newsletterSent.inc();
}
