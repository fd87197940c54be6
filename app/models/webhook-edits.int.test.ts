// A webhook endpoint's URL and events saved against the version its edit form loaded, on a real database (PGlite, and
// PostgreSQL with TEST_DATABASE_URL): a save over a teammate's newer one is refused and changes nothing (and never
// hands anyone the secret), saving over it on purpose is a normal save, the switch and a new secret leave the version,
// and an endpoint deleted meanwhile is gone.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetAtRestKey } from "~/auth/auth-secret.server";
import { auditLog, authUsers, webhookEndpoints } from "~/db/schema";
import { env } from "~/env.server";
import { UnsafeUrlError } from "~/infra/webhook-http.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import { conflictWith, versionOf } from "./edit-conflicts.server";
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  setEndpointActive,
  updateEndpoint,
} from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const dana = { actor: "dana@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const saved = { ...env() };

beforeEach(async () => {
  Object.assign(env(), { webhookAllowPrivate: true });
  forgetAtRestKey();
  await test.handle().db.delete(webhookEndpoints);
  await test.handle().db.delete(auditLog);
  await test.handle().db.delete(authUsers).where(eq(authUsers.email, dana.actor));
});
afterEach(() => {
  Object.assign(env(), saved);
  forgetAtRestKey();
});

async function audited(action: string): Promise<number> {
  return (await test.handle().db.select().from(auditLog).where(eq(auditLog.action, action))).length;
}

describe("editing a webhook endpoint against the version its form loaded", () => {
  it("refuses a save over a teammate's newer one and changes nothing; saving over it on purpose goes through", async () => {
    await test.handle().db.insert(authUsers).values({ name: "Dana Price", email: dana.actor });
    const { endpoint } = await createEndpoint("https://hooks.example/a", ["lead.created"], who);
    const [listed] = await listEndpoints();
    const loaded = listed?.version ?? "";
    expect(loaded).toBe(versionOf(endpoint));
    const theirs = await updateEndpoint(
      endpoint.id,
      "https://hooks.example/b",
      ["lead.created", "subscriber.created"],
      dana,
      { base: loaded },
    );
    if (theirs.status !== "saved") throw new Error("Dana's save was refused");

    const refused = await updateEndpoint(endpoint.id, "https://hooks.example/mine", ["lead.created"], who, {
      base: loaded,
    });
    if (refused.status !== "conflict") throw new Error(`not a conflict: ${refused.status}`);
    const conflict = await conflictWith(refused.current);
    expect(conflict).toEqual({
      version: versionOf(theirs.row),
      savedBy: "Dana Price",
      theirs: expect.objectContaining({
        url: "https://hooks.example/b",
        events: ["lead.created", "subscriber.created"],
      }),
    });
    expect(conflict.theirs).not.toHaveProperty("secret");
    expect((await listEndpoints())[0]).toMatchObject({ url: "https://hooks.example/b" });
    expect(await audited("webhook.update")).toBe(1);

    const over = await updateEndpoint(endpoint.id, "https://hooks.example/mine", ["lead.created"], who, {
      base: versionOf(theirs.row),
    });
    expect(over).toMatchObject({ status: "saved", row: { url: "https://hooks.example/mine" } });
    expect(await audited("webhook.update")).toBe(2);
  });

  it("keeps its version through the switch and a new secret; refuses an unsafe URL; gone once deleted", async () => {
    const { endpoint } = await createEndpoint("https://hooks.example/a", ["lead.created"], who);
    const loaded = versionOf(endpoint);
    await setEndpointActive(endpoint.id, false, who);
    await rotateEndpointSecret(endpoint.id, who);
    expect(
      await updateEndpoint(endpoint.id, "https://hooks.example/c", ["lead.created"], who, { base: loaded }),
    ).toMatchObject({ status: "saved", row: { active: false } });

    Object.assign(env(), { webhookAllowPrivate: false });
    await expect(
      updateEndpoint(endpoint.id, "http://127.0.0.1/hook", ["lead.created"], who),
    ).rejects.toBeInstanceOf(UnsafeUrlError);
    Object.assign(env(), { webhookAllowPrivate: true });

    await deleteEndpoint(endpoint.id, who);
    expect(
      await updateEndpoint(endpoint.id, "https://hooks.example/d", ["lead.created"], who, { base: loaded }),
    ).toEqual({ status: "gone" });
  });

  it("lets one of two saves from the same version through, however they interleave", async () => {
    const { endpoint } = await createEndpoint("https://hooks.example/a", ["lead.created"], who);
    const base = versionOf(endpoint);
    const outcomes = await Promise.all(
      ["one", "two", "three"].map((path) =>
        updateEndpoint(endpoint.id, `https://hooks.example/${path}`, ["lead.created"], who, { base }),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["conflict", "conflict", "saved"]);
  });
});
