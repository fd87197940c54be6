// One round of the newsletter sender (app/jobs/newsletter-sending.server.ts): claim a batch of recipients, send
// them through the pooled SMTP connections at the configured pace, one message per connection at a time, and
// record each recipient the moment its SMTP answer is known (docs/decisions/036-newsletter-sending.md).
import { type Database, db } from "~/db/client.server";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { bulkTransport, senderAddress } from "~/infra/mail.server";
import { countNewsletterMessageSent } from "~/infra/metrics.server";
import { personalize } from "~/infra/newsletter-mail.server";
import { sendTopic } from "~/lib/realtime-protocol";
import {
  type ClaimedRecipient,
  claimRecipients,
  finishCompletedSends,
  recipientToken,
  recipientUrls,
  recordOutcome,
  type SendOutcome,
  sendMaterial,
  startDueNewsletters,
} from "~/models/newsletter-sending.server";
import { publish } from "~/models/realtime-events.server";

/** Spaces messages `1000 / rate` ms apart across this process's connections (rate 0: no spacing). */
export class Pace {
  private next = 0;
  constructor(private readonly perSecond: number) {}
  async turn(): Promise<void> {
    if (this.perSecond <= 0) return;
    const now = performance.now();
    // Time lost between two claims (up to two messages' worth) is made up, so the rate is what a send achieves;
    // no second ever carries more than two messages above it.
    const at = Math.max(now - 2000 / this.perSecond, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  message: string;
  rejectedErrors?: SmtpError[];
}

/**
 * What an SMTP failure means for this recipient: a 5xx refusal of the address (at RCPT TO) is permanent, the
 * address bounced; a 5xx refusal of the message itself fails this recipient only; 4xx and lost connections are
 * temporary, retried with backoff.
 */
export function classify(error: unknown): SendOutcome {
  const e = error as SmtpError;
  const cause = e.rejectedErrors?.[0] ?? e;
  const code = cause.responseCode ?? e.responseCode;
  const message = cause.message ?? e.message ?? "SMTP error";
  if (code && code >= 500) {
    const atRecipient = e.code === "EENVELOPE" || /RCPT/i.test(cause.command ?? "");
    return atRecipient ? { status: "bounced", error: message } : { status: "failed", error: message };
  }
  return { status: "temporary", error: message };
}

/**
 * The mailto of List-Unsubscribe: to the sender's mailbox, with the address in the subject, so whoever reads that
 * mailbox finds the subscriber even when the mail comes from another address (a forward, an alias).
 */
export function mailtoUnsubscribe(email: string): string {
  return `mailto:${senderAddress()}?subject=${encodeURIComponent(`Unsubscribe ${email}`)}`;
}

type Material = NonNullable<Awaited<ReturnType<typeof sendMaterial>>>;

/** Another instance's database handle (tests of two instances), a sender's id, its idle poll. */
export interface SenderOptions {
  database?: Database;
  id?: string;
  pollMs?: number;
}

export interface SenderState {
  id: string;
  pace: Pace;
  connections: number;
  /** Messages rendered once per send, for this process. */
  material: Map<string, Promise<Material | null>>;
}

export function senderState(id: string): SenderState {
  const { rate, connections } = env().newsletter;
  return { id, pace: new Pace(rate), connections, material: new Map() };
}

async function sendOne(state: SenderState, row: ClaimedRecipient): Promise<SendOutcome> {
  if (row.subscription !== "confirmed") return { status: "skipped" };
  let material = state.material.get(row.newsletter_id);
  if (!material) {
    material = sendMaterial(row.newsletter_id);
    state.material.set(row.newsletter_id, material);
    material.catch(() => state.material.delete(row.newsletter_id));
  }
  const send = await material;
  if (!send) return { status: "skipped" };
  const token = await recipientToken(row.id);
  const urls = recipientUrls(token, send.storedLinkCount, send.clickTracking, send.template.links);
  await state.pace.turn();
  try {
    const transporter = await bulkTransport(state.connections);
    await transporter.sendMail({
      from: env().mailFrom,
      to: row.email,
      subject: send.subject,
      html: personalize(send.template.html, urls, true),
      text: personalize(send.template.text, urls, false),
      headers: {
        "List-Unsubscribe": `<${urls.oneClick}>, <${mailtoUnsubscribe(row.email)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "X-Newsletter-Recipient": row.id,
      },
    });
    return { status: "sent" };
  } catch (error) {
    const outcome = classify(error);
    logger.warn({ recipient: row.id, outcome: outcome.status }, "newsletter message not sent");
    return outcome;
  }
}

/**
 * One round: starts scheduled sends that are due, claims up to a batch of recipients and sends them, one
 * connection's worth at a time in parallel. Returns how many recipients it took.
 */
export async function runSenderOnce(state: SenderState, database: Database = db()): Promise<number> {
  await startDueNewsletters(database);
  const { rate } = env().newsletter;
  // About half a second of work per claim (at least one row per connection, at most 100): a pause takes effect
  // within a batch, and a crash leaves little claimed.
  const batch = Math.max(state.connections, Math.min(100, rate > 0 ? Math.ceil(rate / 2) : 100));
  const rows = await claimRecipients(database, state.id, batch, env().newsletter.leaseMs);
  if (!rows.length) {
    await finishCompletedSends(database);
    return 0;
  }
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++] as ClaimedRecipient;
      const outcome = await sendOne(state, row);
      // Recorded before this connection takes its next message: a crash repeats at most the one message each
      // connection had accepted and not yet recorded.
      await recordOutcome(database, state.id, row, outcome);
      if (outcome.status === "sent") countNewsletterMessageSent();
    }
  };
  await Promise.all(Array.from({ length: Math.min(state.connections, rows.length) }, lane));
  // Screens following these sends (on any instance) load their progress again: one notice per send and batch.
  for (const id of new Set(rows.map((row) => row.newsletter_id))) {
    await publish({ topic: sendTopic(id), event: "progress" }, database);
  }
  return rows.length;
}
