// The providers' bounce and complaint webhooks, called as React Router calls them: refused with a bad signature or
// secret, from a topic we did not subscribe to, or when older than an hour; applied otherwise, with one answer
// whether or not the address is ours. The SNS signing certificate is a real one made for the test and served by a
// local server, which also counts the subscription confirmations it receives.
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
import { subscribers } from "~/db/schema";
import { env } from "~/env.server";
import { requestInfoContext } from "~/infra/request-context.server";
import * as webhooks from "~/routes/api/newsletter-webhooks";
import { setupTestDatabase } from "../support/test-db";

const test = setupTestDatabase();
const saved = { ...env(), newsletter: { ...env().newsletter } };
const TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
let certServer: Server;
let certUrl = "";
let keyPem = "";
let otherKeyPem = "";
let certificateFetches = 0;
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
  const signer = makeKeyAndCert("signer");
  keyPem = signer.key;
  otherKeyPem = makeKeyAndCert("other").key;
  certServer = createServer((req, res) => {
    if (req.url === "/SimpleNotificationService-test.pem") {
      certificateFetches++;
      return res.end(signer.cert);
    }
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
  await new Promise((r) => certServer.close(r));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  Object.assign(env(), {
    baseUrl: "https://site.example",
    newsletter: {
      ...saved.newsletter,
      snsCertHost: /^127\.0\.0\.1$/,
      snsTopicArns: [TOPIC],
      postmarkSecret: "pm-secret",
    },
  });
  await test.handle().db.delete(subscribers);
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
afterEach(() => {
  Object.assign(env(), saved);
});

async function subscription(email: string) {
  const [row] = await test.handle().db.select().from(subscribers).where(eq(subscribers.email, email));
  return row?.subscription;
}

/** An SNS message as SNS signs it (the fields of its type, in order); `fields` may replace any default. */
function snsMessage(fields: Record<string, string>, key = keyPem, version = "2") {
  const message: Record<string, string> = {
    MessageId: "a1b2c3",
    TopicArn: TOPIC,
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

type Answer = { init: { status?: number } | null; data: unknown };

async function hook(provider: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await webhooks.action({
    request: new Request(`https://site.example/api/newsletter/webhooks/${provider}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", ...headers },
      body,
    }),
    params: { provider },
    context: context(),
  } as never);
  return response as unknown as Answer;
}

const status = (answer: Answer) => answer.init?.status ?? 200;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const bounceOf = (email: string, extra: Record<string, string> = {}) =>
  snsMessage({ Type: "Notification", Message: sesBounce(email), ...extra });

describe("Amazon SES through SNS", () => {
  it("a good signature is applied, a bad one refused", async () => {
    expect(status(await hook("ses", bounceOf("Bounce@example.com")))).toBe(200);
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
    const tampered = JSON.parse(bounceOf("bounce@example.com"));
    tampered.Message = sesBounce("forged@example.com");
    expect(status(await hook("ses", JSON.stringify(tampered)))).toBe(403);
    // A certificate from a host that is not allowed is not even fetched.
    env().newsletter.snsCertHost = /^sns\.[a-z0-9-]+\.amazonaws\.com$/;
    expect(status(await hook("ses", bounceOf("forged@example.com")))).toBe(403);
    expect(status(await hook("ses", "not json"))).toBe(403);
    expect(await subscription("forged@example.com")).toBe("confirmed");
  });

  it("only the configured topics are believed; with none configured, nothing is", async () => {
    const other = "arn:aws:sns:eu-west-1:999999999999:someone-elses-topic";
    const fetchesBefore = certificateFetches;
    expect(status(await hook("ses", bounceOf("forged@example.com", { TopicArn: other })))).toBe(403);
    // Refused before anything is fetched for it.
    expect(certificateFetches).toBe(fetchesBefore);
    // A topic whose name only starts like ours.
    expect(status(await hook("ses", bounceOf("forged@example.com", { TopicArn: `${TOPIC}-x` })))).toBe(403);
    expect(await subscription("forged@example.com")).toBe("confirmed");

    env().newsletter.snsTopicArns = [other, TOPIC];
    expect(status(await hook("ses", bounceOf("forged@example.com", { TopicArn: other })))).toBe(200);
    expect(await subscription("forged@example.com")).toBe("bounced");

    env().newsletter.snsTopicArns = [];
    expect(status(await hook("ses", bounceOf("bounce@example.com")))).toBe(403);
    expect(await subscription("bounce@example.com")).toBe("confirmed");
  });

  it("a notice more than an hour from its Timestamp is refused, either way", async () => {
    expect(status(await hook("ses", bounceOf("forged@example.com", { Timestamp: ago(61) })))).toBe(403);
    expect(status(await hook("ses", bounceOf("forged@example.com", { Timestamp: ago(-61) })))).toBe(403);
    expect(status(await hook("ses", bounceOf("forged@example.com", { Timestamp: "yesterday" })))).toBe(403);
    expect(await subscription("forged@example.com")).toBe("confirmed");
    expect(status(await hook("ses", bounceOf("bounce@example.com", { Timestamp: ago(59) })))).toBe(200);
    expect(await subscription("bounce@example.com")).toBe("bounced");
  });

  it("the answer is the same whether or not the address is ours", async () => {
    const known = await hook("ses", bounceOf("bounce@example.com"));
    const unknown = await hook("ses", bounceOf("nobody@example.com"));
    const again = await hook("ses", bounceOf("bounce@example.com"));
    expect(await subscription("bounce@example.com")).toBe("bounced");
    expect([status(unknown), unknown.data]).toEqual([status(known), known.data]);
    expect([status(again), again.data]).toEqual([status(known), known.data]);
  });

  it("a subscription confirmation is confirmed only when signed, recent and for a configured topic", async () => {
    const fields = {
      Type: "SubscriptionConfirmation",
      Message: "confirm",
      SubscribeURL: `${new URL(certUrl).origin}/confirm?token=x`,
      Token: "x",
    };
    const before = confirmations;
    expect(status(await hook("ses", snsMessage(fields, otherKeyPem)))).toBe(403);
    const other = { ...fields, TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-elses-topic" };
    expect(status(await hook("ses", snsMessage(other)))).toBe(403);
    expect(status(await hook("ses", snsMessage({ ...fields, Timestamp: ago(90) })))).toBe(403);
    expect(confirmations).toBe(before);
    expect(status(await hook("ses", snsMessage(fields)))).toBe(200);
    expect(confirmations).toBe(before + 1);
  });
});

describe("Postmark", () => {
  const auth = (secret: string) => ({
    Authorization: `Basic ${Buffer.from(`postmark:${secret}`).toString("base64")}`,
  });

  it("the shared secret is required", async () => {
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

  it("the answer is the same whether or not the address is ours", async () => {
    const bounce = (email: string) =>
      JSON.stringify({ RecordType: "Bounce", Type: "HardBounce", Email: email });
    const known = await hook("postmark", bounce("bounce@example.com"), auth("pm-secret"));
    const unknown = await hook("postmark", bounce("nobody@example.com"), auth("pm-secret"));
    expect(await subscription("bounce@example.com")).toBe("bounced");
    expect([status(unknown), unknown.data]).toEqual([status(known), known.data]);
  });
});
