// Outgoing mail through SMTP (nodemailer). Everything that sends mail checks `mailConfigured()` first: without
// SMTP_URL the features that need mail (password reset by email) are simply not offered.
import type { Transporter } from "nodemailer";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

export function mailConfigured(): boolean {
  return Boolean(env().smtpUrl);
}

async function transport(): Promise<Transporter> {
  const url = env().smtpUrl;
  if (!url) throw new Error("SMTP_URL is not configured");
  // One pooled transport per process; rebuilt only if the URL changes (tests point it at their own server).
  // nodemailer is loaded on first use: most processes never send mail, and start-up should not pay for it.
  if (!transporter || transporterUrl !== url) {
    const { default: nodemailer } = await import("nodemailer");
    // Timeouts well inside the outbox's 5-minute claim on a row (nodemailer's own socket timeout is 10 minutes),
    // so a hung SMTP server fails the attempt, and the row is retried, before another claimer could take it.
    transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    transporterUrl = url;
  }
  return transporter;
}

let bulk: { transporter: Transporter; key: string } | undefined;

/**
 * The newsletter's own pool of SMTP connections (`connections` open at once, each reused for many messages),
 * kept apart from the transport of alerts and password resets so a send never queues them behind it.
 */
export async function bulkTransport(connections: number): Promise<Transporter> {
  const url = env().smtpUrl;
  if (!url) throw new Error("SMTP_URL is not configured");
  const key = `${url} ${connections}`;
  if (!bulk || bulk.key !== key) {
    bulk?.transporter.close();
    const { default: nodemailer } = await import("nodemailer");
    bulk = {
      key,
      transporter: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: connections,
        maxMessages: Number.POSITIVE_INFINITY,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    };
  }
  return bulk.transporter;
}

/** Closes the newsletter's connections (the sender's drain at shut-down). */
export function closeBulkTransport(): void {
  bulk?.transporter.close();
  bulk = undefined;
}

/** The bare address of MAIL_FROM ("Name <a@b>" → a@b), for mailto: links. */
export function senderAddress(): string {
  const from = env().mailFrom;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** Sends one message. Throws when SMTP is not configured or the server refuses it. */
export async function sendMail(message: MailMessage): Promise<void> {
  const info = await (await transport()).sendMail({ from: env().mailFrom, ...message });
  logger.info({ messageId: info.messageId, subject: message.subject }, "mail sent");
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
