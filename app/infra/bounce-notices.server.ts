// Bounce and complaint notifications of mail providers, verified before anything is believed:
// - Amazon SES through SNS (docs/decisions/048-inbound-secrets.md): only from a topic named in SES_SNS_TOPIC_ARNS,
//   only within an hour of its Timestamp, and only with a good SNS signature, checked with the signing certificate
//   that SNS names, a .pem file fetched only over https from a host SNS_CERT_HOST allows as a whole (by default
//   sns.<region>.amazonaws.com or sns.<region>.amazonaws.com.cn; a loopback host, which only a test configures,
//   may use http). Signature versions 1 (SHA1) and 2 (SHA256).
// - Postmark: HTTP basic auth with the shared secret set in Postmark's webhook URL (user "postmark").
import { createVerify, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

export type Notice = { email: string; kind: "bounced" | "complained" };

export class SignatureError extends Error {
  override name = "SignatureError";
}

interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
}

const NOTIFICATION_FIELDS = ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] as const;
const CONFIRMATION_FIELDS = [
  "Message",
  "MessageId",
  "SubscribeURL",
  "Timestamp",
  "Token",
  "TopicArn",
  "Type",
] as const;

/** The text SNS signed: chosen fields as "name\nvalue\n", in this order, absent ones left out. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = message.Type === "Notification" ? NOTIFICATION_FIELDS : CONFIRMATION_FIELDS;
  return fields
    .filter((f) => typeof message[f] === "string")
    .map((f) => `${f}\n${message[f]}\n`)
    .join("");
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * A URL SNS may point us to (certificate, subscription confirmation): a host the whole of which SNS_CERT_HOST
 * allows, https (loopback: http), no user name or password.
 */
export function allowedSnsUrl(raw: string | undefined): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || !env().newsletter.snsCertHost.test(url.hostname)) return null;
  if (url.protocol === "https:") return url;
  return url.protocol === "http:" && LOOPBACK.has(url.hostname) ? url : null;
}

/** The signing certificate's URL when SNS may send us there: an allowed URL of a .pem file. */
export function snsCertificateUrl(raw: string | undefined): URL | null {
  const url = allowedSnsUrl(raw);
  return url?.pathname.endsWith(".pem") ? url : null;
}

/** How far a message's Timestamp may be from now, either way: older ones are replays, not SNS's retries. */
export const SNS_MAX_AGE_MS = 3_600_000;

/** Refuses, before anything is fetched for it, a message from a topic we did not subscribe to, or an old one. */
function checkTopicAndTime(message: SnsMessage, now: number): void {
  if (!env().newsletter.snsTopicArns.includes(message.TopicArn)) {
    throw new SignatureError(`topic ${message.TopicArn.slice(0, 300)} is not in SES_SNS_TOPIC_ARNS`);
  }
  const sent = Date.parse(message.Timestamp);
  if (!Number.isFinite(sent) || Math.abs(now - sent) > SNS_MAX_AGE_MS) {
    throw new SignatureError("timestamp more than an hour away");
  }
}

const certificates = new Map<string, Promise<string>>();

async function certificate(url: URL): Promise<string> {
  const key = url.toString();
  let pem = certificates.get(key);
  if (!pem) {
    pem = fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000) }).then(async (response) => {
      if (!response.ok) throw new SignatureError(`signing certificate answered ${response.status}`);
      const text = await response.text();
      if (!text.includes("BEGIN CERTIFICATE")) throw new SignatureError("not a certificate");
      return text;
    });
    certificates.set(key, pem);
    pem.catch(() => certificates.delete(key));
    if (certificates.size > 20) certificates.delete(certificates.keys().next().value ?? "");
  }
  return pem;
}

/**
 * Parses and verifies an SNS message; throws SignatureError when it is not SNS's, not from a configured topic, or
 * more than an hour from its Timestamp.
 */
export async function verifySns(body: string, now = Date.now()): Promise<SnsMessage> {
  let message: SnsMessage;
  try {
    message = JSON.parse(body) as SnsMessage;
  } catch {
    throw new SignatureError("not JSON");
  }
  for (const field of [
    "Type",
    "MessageId",
    "TopicArn",
    "Timestamp",
    "Signature",
    "SigningCertURL",
  ] as const) {
    if (typeof message[field] !== "string") throw new SignatureError(`missing ${field}`);
  }
  const algorithm =
    message.SignatureVersion === "1" ? "RSA-SHA1" : message.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!algorithm) throw new SignatureError("unknown signature version");
  checkTopicAndTime(message, now);
  const certUrl = snsCertificateUrl(message.SigningCertURL);
  if (!certUrl) throw new SignatureError("certificate URL not allowed");
  const pem = await certificate(certUrl);
  const verifier = createVerify(algorithm);
  verifier.update(snsStringToSign(message), "utf8");
  let valid = false;
  try {
    valid = verifier.verify(pem, message.Signature, "base64");
  } catch {
    valid = false;
  }
  if (!valid) throw new SignatureError("bad signature");
  return message;
}

interface SesNotice {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

/** What an SES notification (inside a verified SNS message) says: permanent bounces and complaints. */
export function sesNotices(messageText: string): Notice[] {
  let ses: SesNotice;
  try {
    ses = JSON.parse(messageText) as SesNotice;
  } catch {
    return [];
  }
  const type = ses.notificationType ?? ses.eventType;
  const addresses = (list: { emailAddress?: string }[] | undefined) =>
    (list ?? []).map((r) => r.emailAddress).filter((a): a is string => typeof a === "string");
  if (type === "Bounce" && ses.bounce?.bounceType === "Permanent") {
    return addresses(ses.bounce.bouncedRecipients).map((email) => ({ email, kind: "bounced" }));
  }
  if (type === "Complaint") {
    return addresses(ses.complaint?.complainedRecipients).map((email) => ({ email, kind: "complained" }));
  }
  return [];
}

/** Checks Postmark's basic auth against POSTMARK_WEBHOOK_SECRET; throws SignatureError when it does not match. */
export function verifyPostmark(authorization: string | null): void {
  const secret = env().newsletter.postmarkSecret;
  if (!secret) throw new SignatureError("Postmark webhook not configured");
  const expected = Buffer.from(`Basic ${Buffer.from(`postmark:${secret}`).toString("base64")}`);
  const given = Buffer.from(authorization ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new SignatureError("bad credentials");
}

/** Postmark's bounce and spam complaint webhooks: hard bounces and complaints. */
export function postmarkNotices(body: string): Notice[] {
  let record: { RecordType?: string; Type?: string; Email?: string };
  try {
    record = JSON.parse(body) as typeof record;
  } catch {
    return [];
  }
  if (typeof record.Email !== "string") return [];
  if (record.RecordType === "SpamComplaint") return [{ email: record.Email, kind: "complained" }];
  if (record.RecordType === "Bounce" && (record.Type === "HardBounce" || record.Type === "BadEmailAddress")) {
    return [{ email: record.Email, kind: "bounced" }];
  }
  return [];
}
