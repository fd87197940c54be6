// The newsletter's public receivers, called as React Router calls them: the one-click unsubscribe POST (no cookie),
// the click redirect, and the providers' bounce webhooks, which are refused with a bad signature or secret and
// applied with a good one. The SNS signing certificate is a real one made for the test and served locally.
import { execFileSync } from "node:child_process";
import { createSign } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  newsletterClicks,
  newsletterRecipients,
  newsletters,
  subscribers,
  subscriberTokens,
} from "~/db/schema";
import { env } from "~/env.server";
import { closeBulkTransport } from "~/infra/mail.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { runSenderOnce, senderState } from "~/models/newsletter-delivery.server";
import { recipientToken } from "~/models/newsletter-sending.server";
import { tokenHash } from "~/models/newsletter-subscribers.server";
import { createNewsletter, sendNow } from "~/models/newsletters-admin.server";
import * as click from "~/routes/api/newsletter-click";
import * as unsubscribe from "~/routes/api/newsletter-unsubscribe";
import * as webhooks from "~/routes/api/newsletter-webhooks";
import * as confirm from "~/routes/site/newsletter-confirm";
import { startSmtp } from "../support/receivers";
import { setupTestDatabase } from "../support/test-db";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const saved = { ...env(), newsletter: { ...env().newsletter } };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let certServer: Server;
let certUrl = "";
let keyPem = "";
let otherKeyPem = "";
let confirmations = 0;
const dir = mkdtempSync(path.join(os.tmpdir(), "sns-cert-"));

function makeKeyAndCert(name: string): { key: string; cert: string } {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.pem`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=sns.test",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
}

function context() {
  const c = new RouterContextProvider();
  c.set(requestInfoContext, { ip: "203.0.113.9", nonce: "test" });
  return c;
}

beforeAll(async () => {
  smtp = await startSmtp();
  const signer = makeKeyAndCert("signer");
  keyPem = signer.key;
  otherKeyPem = makeKeyAndCert("other").key;
  certServer = createServer((req, res) => {
    if (req.url === "/SimpleNotificationService-test.pem") return res.end(signer.cert);
    if (req.url?.startsWith("/confirm")) {
      confirmations++;
      return res.end("<ConfirmSubscriptionResponse/>");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => certServer.listen(0, "127.0.0.1", resolve));
  const { port } = certServer.address() as AddressInfo;
  certUrl = `http://127.0.0.1:${port}/SimpleNotificationService-test.pem`;
});
afterAll(async () => {
  closeBulkTransport();
  await smtp.close();
  await new Promise((r) => certServer.close(r));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  Object.assign(env(), {
    smtpUrl: smtp.url,
    baseUrl: "https://site.example",
    newsletter: { ...saved.newsletter, rate: 0, snsCertHost: /^127\.0\.0\.1$/, postmarkSecret: "pm-secret" },
  });
  await test.handle().db.delete(newsletters);
  await test.handle().db.delete(subscribers);
});
afterEach(() => {
  Object.assign(env(), saved);
});

async function subscription(email: string) {
  const [row] = await test.handle().db.select().from(subscribers).where(eq(subscribers.email, email));
  return row?.subscription;
}

async function sentTo(emails: string[]) {
  await test
    .handle()
    .db.insert(subscribers)
    .values(emails.map((email) => ({ email, purpose: "newsletter" })));
  const letter = await createNewsletter(
    {
      subject: "Links",
      preheader: "",
      body: [{ type: "paragraph", data: { text: "See https://docs.example.com/guide?x=1 now" } }],
      audience: {},
    },
    who,
  );
  await sendNow(letter.id, who);
  const state = senderState("routes-test");
  while ((await runSenderOnce(state)) > 0) {}
  const rows = await test.handle().db.select().from(newsletterRecipients);
  return Object.fromEntries(await Promise.all(rows.map(async (r) => [r.email, await recipientToken(r.id)])));
}

describe("the confirmation page", () => {
  it("confirms a pending address once and says so; a used link is 410", async () => {
    await test
      .handle()
      .db.insert(subscribers)
      .values({ email: "pending@example.com", subscription: "pending" });
    const [row] = await test.handle().db.select().from(subscribers);
    const token = "t".repeat(43);
    await test
      .handle()
      .db.insert(subscriberTokens)
      .values({
        tokenHash: tokenHash(token),
        subscriberId: row?.id ?? "",
        expiresAt: new Date(Date.now() + 60_000),
      });
    const first = (await confirm.loader({ params: { token }, context: context() } as never)) as unknown as {
      init: { status: number };
      data: unknown;
    };
    expect(first.data).toEqual({ result: "confirmed" });
    expect(first.init.status).toBe(200);
    expect(await subscription("pending@example.com")).toBe("confirmed");
    const again = (await confirm.loader({ params: { token }, context: context() } as never)) as unknown as {
      init: { status: number };
    };
    expect(again.init.status).toBe(410);
  });
});

describe("one-click unsubscribe and click redirect", () => {
  it("a POST without cookie unsubscribes; GET goes to the page; a forged token is refused", async () => {
    const tokens = await sentTo(["one@example.com", "two@example.com"]);
    const token = tokens["one@example.com"] as string;
    const post = (t: string) =>
      unsubscribe.action({
        request: new Request(`https://site.example/api/newsletter/unsubscribe/${t}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        params: { token: t },
        context: context(),
      } as never);
    const answer = await post(token);
    expect(answer.status).toBe(200);
    expect(await subscription("one@example.com")).toBe("unsubscribed");
    expect(await subscription("two@example.com")).toBe("confirmed");
    // Idempotent.
    expect((await post(token)).status).toBe(200);
    const forged = `${token.slice(0, 37)}${"A".repeat(22)}`;
    expect((await post(forged)).status).toBe(404);
    const page = unsubscribe.loader({ params: { token } } as never);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/newsletter/unsubscribe/${token}`);
    const [row] = await test
      .handle()
      .db.select()
      .from(newsletterRecipients)
      .where(eq(newsletterRecipients.email, "one@example.com"));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("a click is counted and redirected with the send's campaign; unknown links are 404", async () => {
    const tokens = await sentTo(["reader@example.com"]);
    const token = tokens["reader@example.com"] as string;
    const answer = (await click.loader({ params: { token, link: "0" } } as never)) as Response;
    expect(answer.status).toBe(302);
    const target = new URL(answer.headers.get("location") ?? "");
    expect(target.origin + target.pathname).toBe("https://docs.example.com/guide");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      x: "1",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "links",
    });
    expect(await test.handle().db.select().from(newsletterClicks)).toHaveLength(1);
    await expect(click.loader({ params: { token, link: "7" } } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

function snsMessage(fields: Record<string, string>, key = keyPem, version = "2") {
  const message: Record<string, string> = {
    MessageId: "a1b2c3",
    TopicArn: "arn:aws:sns:eu-west-1:123456789012:ses-bounces",
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: certUrl,
    ...fields,
  };
  const order =
    message.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const text = order
    .filter((f) => message[f] !== undefined)
    .map((f) => `${f}\n${message[f]}\n`)
    .join("");
  message.Signature = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256")
    .update(text)
    .sign(key, "base64");
  return JSON.stringify(message);
}

const sesBounce = (email: string) =>
  JSON.stringify({
    notificationType: "Bounce",
    bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: email }] },
  });
const sesComplaint = (email: string) =>
  JSON.stringify({
    notificationType: "Complaint",
    complaint: { complainedRecipients: [{ emailAddress: email }] },
  });

async function hook(provider: string, body: string, headers: Record<string, string> = {}) {
  const response = await webhooks.action({
    request: new Request(`https://site.example/api/newsletter/webhooks/${provider}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", ...headers },
      body,
    }),
    params: { provider },
    context: context(),
  } as never);
  return response as unknown as { init: { status?: number } | null; data: unknown };
}

const status = (answer: { init: { status?: number } | null }) => answer.init?.status ?? 200;

describe("bounce and complaint webhooks", () => {
  beforeEach(async () => {
    await test
      .handle()
      .db.insert(subscribers)
      .values(
        ["bounce@example.com", "complain@example.com", "forged@example.com"].map((email) => ({
          email,
          purpose: "newsletter",
        })),
      );
  });

  it("Amazon SES via SNS: a good signature is applied, a bad one refused", async () => {
    expect(
      status(
        await hook("ses", snsMessage({ Type: "Notification", Message: sesBounce("Bounce@example.com") })),
      ),
    ).toBe(200);
    expect(await subscription("bounce@example.com")).toBe("bounced");
    expect(
      status(
        await hook(
          "ses",
          snsMessage({ Type: "Notification", Message: sesComplaint("complain@example.com") }, keyPem, "1"),
        ),
      ),
    ).toBe(200);
    expect(await subscription("complain@example.com")).toBe("complained");

    // Signed with another key: refused, nothing changes.
    expect(
      status(
        await hook(
          "ses",
          snsMessage({ Type: "Notification", Message: sesBounce("forged@example.com") }, otherKeyPem),
        ),
      ),
    ).toBe(403);
    // A correctly signed message whose text was changed afterwards.
    const tampered = JSON.parse(
      snsMessage({ Type: "Notification", Message: sesBounce("bounce@example.com") }),
    );
    tampered.Message = sesBounce("forged@example.com");
    expect(status(await hook("ses", JSON.stringify(tampered)))).toBe(403);
    // A certificate from a host that is not allowed is not even fetched.
    env().newsletter.snsCertHost = /^sns\.[a-z0-9-]+\.amazonaws\.com$/;
    expect(
      status(
        await hook("ses", snsMessage({ Type: "Notification", Message: sesBounce("forged@example.com") })),
      ),
    ).toBe(403);
    expect(status(await hook("ses", "not json"))).toBe(403);
    expect(await subscription("forged@example.com")).toBe("confirmed");
  });

  it("an SNS subscription confirmation is confirmed only when signed", async () => {
    const confirmUrl = `${new URL(certUrl).origin}/confirm?token=x`;
    const before = confirmations;
    const fields = {
      Type: "SubscriptionConfirmation",
      Message: "confirm",
      SubscribeURL: confirmUrl,
      Token: "x",
    };
    expect(status(await hook("ses", snsMessage(fields, otherKeyPem)))).toBe(403);
    expect(confirmations).toBe(before);
    expect(status(await hook("ses", snsMessage(fields)))).toBe(200);
    expect(confirmations).toBe(before + 1);
  });

  it("Postmark: the shared secret is required", async () => {
    const auth = (secret: string) => ({
      Authorization: `Basic ${Buffer.from(`postmark:${secret}`).toString("base64")}`,
    });
    const bounce = JSON.stringify({ RecordType: "Bounce", Type: "HardBounce", Email: "bounce@example.com" });
    const complaint = JSON.stringify({ RecordType: "SpamComplaint", Email: "complain@example.com" });
    expect(status(await hook("postmark", bounce, auth("wrong")))).toBe(403);
    expect(status(await hook("postmark", bounce))).toBe(403);
    expect(await subscription("bounce@example.com")).toBe("confirmed");
    expect(status(await hook("postmark", bounce, auth("pm-secret")))).toBe(200);
    expect(status(await hook("postmark", complaint, auth("pm-secret")))).toBe(200);
    expect(await subscription("bounce@example.com")).toBe("bounced");
    expect(await subscription("complain@example.com")).toBe("complained");
  });
});
