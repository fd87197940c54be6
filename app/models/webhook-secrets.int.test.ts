// Webhook signing secrets at rest (docs/decisions/029-webhook-secrets-at-rest.md), on a real database with a real
// receiver that checks signatures: the row never holds the secret itself, a row stored before encryption still
// signs and is encrypted at start-up, and after an AUTH_SECRET change the rotate-secrets step restores signing.
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetAtRestKey } from "~/auth/auth-secret.server";
import { outbox, webhookEndpoints } from "~/db/schema";
import { env } from "~/env.server";
import { seal, secretsKey, UnreadableSecret, unseal } from "~/infra/secret-box.server";
import { hookHeaders, startReceiver } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { type RetryPolicy, runOutboxOnce } from "./outbox.server";
import { createEndpoint, rotateEndpointSecret, sealWebhookSecrets, sendTestEvent } from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const FAST: RetryPolicy = { baseMs: 1, maxDelayMs: 1, retryForMs: 60_000 };
const FIRST_SECRET = "first-auth-secret-0123456789-abcdefghijklmnop";
const SECOND_SECRET = "second-auth-secret-0123456789-abcdefghijklmno";
const saved = { ...env() };

beforeEach(async () => {
  Object.assign(env(), { webhookAllowPrivate: true, authSecret: FIRST_SECRET });
  forgetAtRestKey();
  await test.handle().db.delete(outbox);
  await test.handle().db.delete(webhookEndpoints);
});
afterEach(() => {
  Object.assign(env(), saved);
  forgetAtRestKey();
});

async function storedSecret(id: string): Promise<string> {
  const [row] = await test
    .handle()
    .db.select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw new Error("no endpoint");
  return row.secret;
}

/** Sends a test event to the endpoint and returns its delivery row after one worker round. */
async function deliverTestEvent(id: string) {
  await test.handle().db.delete(outbox);
  expect(await sendTestEvent(id)).toBe(true);
  await runOutboxOnce({ id: "w", retry: FAST });
  const [row] = await test.handle().db.select().from(outbox);
  return row;
}

function verifies(secret: string, hook: { body: string; headers: Record<string, unknown> } | undefined) {
  if (!hook) throw new Error("no hook received");
  return new Webhook(secret).verify(hook.body, hookHeaders(hook as never)) as { type: string };
}

/** Runs `check` with a receiver that records every hook, closed afterwards. */
async function withReceiver(check: (receiver: Awaited<ReturnType<typeof startReceiver>>) => Promise<void>) {
  const receiver = await startReceiver();
  try {
    await check(receiver);
  } finally {
    await receiver.close();
  }
}

describe("webhook secrets at rest", () => {
  it("are stored encrypted, never as they are, and still sign what a real receiver verifies", async () => {
    await withReceiver(async (receiver) => {
      const { endpoint, secret } = await createEndpoint(receiver.url, ["lead.created"], who);
      const stored = await storedSecret(endpoint.id);
      expect(stored).toMatch(/^enc:v1:/);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice("whsec_".length));
      expect((await deliverTestEvent(endpoint.id))?.status).toBe("delivered");
      expect(verifies(secret, receiver.hooks[0]).type).toBe("webhook.test");

      const rotated = await rotateEndpointSecret(endpoint.id, who);
      if (!rotated) throw new Error("not rotated");
      expect(await storedSecret(endpoint.id)).not.toContain(rotated.slice("whsec_".length));
      expect((await deliverTestEvent(endpoint.id))?.status).toBe("delivered");
      expect(verifies(rotated, receiver.hooks[1]).type).toBe("webhook.test");
    });
  });

  it("a row stored before encryption still signs, and is encrypted by the start-up step", async () => {
    await withReceiver(async (receiver) => {
      const plain = "whsec_c2VjcmV0LWZyb20tYmVmb3JlLWVuY3J5cHRpb24=";
      const [row] = await test
        .handle()
        .db.insert(webhookEndpoints)
        .values({ url: receiver.url, events: ["lead.created"], secret: plain })
        .returning({ id: webhookEndpoints.id });
      if (!row) throw new Error("no row");
      expect((await deliverTestEvent(row.id))?.status).toBe("delivered");
      expect(verifies(plain, receiver.hooks[0]).type).toBe("webhook.test");

      expect(await sealWebhookSecrets()).toEqual({ encrypted: 1, reencrypted: 0, unreadable: 0 });
      const stored = await storedSecret(row.id);
      expect(stored).toMatch(/^enc:v1:/);
      expect(stored).not.toContain(plain.slice("whsec_".length));
      // Run again (another instance starting): nothing left to do.
      expect(await sealWebhookSecrets()).toEqual({ encrypted: 0, reencrypted: 0, unreadable: 0 });
      expect((await deliverTestEvent(row.id))?.status).toBe("delivered");
      expect(verifies(plain, receiver.hooks[1]).type).toBe("webhook.test");
    });
  });

  it("after an AUTH_SECRET change deliveries wait with a clear error until the secrets are encrypted again", async () => {
    await withReceiver(async (receiver) => {
      const { endpoint, secret } = await createEndpoint(receiver.url, ["lead.created"], who);
      env().authSecret = SECOND_SECRET;
      forgetAtRestKey();
      const waiting = await deliverTestEvent(endpoint.id);
      expect(waiting?.status).toBe("retrying");
      expect(waiting?.lastError).toMatch(/cannot be decrypted.*rotate-secrets/);
      expect(receiver.hooks).toHaveLength(0);
      // At start-up the new secret cannot open it: left as it is and reported.
      expect(await sealWebhookSecrets()).toEqual({ encrypted: 0, reencrypted: 0, unreadable: 1 });

      expect(await sealWebhookSecrets(FIRST_SECRET)).toEqual({ encrypted: 0, reencrypted: 1, unreadable: 0 });
      expect(unseal(await storedSecret(endpoint.id), secretsKey(SECOND_SECRET))).toBe(secret);
      expect((await deliverTestEvent(endpoint.id))?.status).toBe("delivered");
      expect(verifies(secret, receiver.hooks[0]).type).toBe("webhook.test");
    });
  });
});

describe("the sealed form", () => {
  it("opens with its key only, and refuses a changed value", () => {
    const key = secretsKey(FIRST_SECRET);
    const sealed = seal("whsec_abc", key);
    expect(unseal(sealed, key)).toBe("whsec_abc");
    expect(seal("whsec_abc", key)).not.toBe(sealed);
    expect(() => unseal(sealed, secretsKey(SECOND_SECRET))).toThrow(UnreadableSecret);
    // One character of the tag changed (the last but one: all six of its bits are the tag's).
    const at = sealed.length - 2;
    const altered = `${sealed.slice(0, at)}${sealed[at] === "A" ? "B" : "A"}${sealed.slice(at + 1)}`;
    expect(altered).not.toBe(sealed);
    expect(() => unseal(altered, key)).toThrow(UnreadableSecret);
    expect(unseal("whsec_plain", key)).toBe("whsec_plain");
  });
});
