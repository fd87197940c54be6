// The API keys page's loader and action on a real database, signed in as the administrator through better-auth.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { apiKeys, auditLog } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { authenticateApiKey } from "~/models/api-keys.server";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { action, loader } from "./api-keys";

const test = setupTestDatabase();
const ORIGIN = "http://localhost:3000";
let cookie = "";

beforeAll(async () => {
  process.env.ADMIN_PASSWORD = "api-keys-test-password";
  await initAuth();
  await bootstrapAdmin();
  const response = await auth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email: "admin@example.com", password: "api-keys-test-password" }),
    }),
  );
  expect(response.status).toBe(200);
  cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

function context() {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip: "198.51.100.7", nonce: "" });
  return ctx;
}

interface ActionResult {
  data: {
    toast?: { type: string; message: string };
    created?: { id: string; keyName: string; key: string };
    fieldErrors?: Record<string, string | undefined>;
  };
  init?: { status?: number };
}

async function post(
  fields: Record<string, string> | [string, string][],
  withCookie = true,
): Promise<ActionResult> {
  const request = new Request(`${ORIGIN}/admin/api-keys`, {
    method: "POST",
    headers: withCookie ? { cookie, origin: ORIGIN } : { origin: ORIGIN },
    body: new URLSearchParams(fields),
  });
  return (await action({ request, params: {}, context: context() } as never)) as unknown as ActionResult;
}

async function load() {
  const request = new Request(`${ORIGIN}/admin/api-keys`, { headers: { cookie } });
  const result = (await loader({ request, params: {}, context: context() } as never)) as unknown as {
    data: {
      keys: { id: string; keyName: string; keyStart: string; keyLast4: string; isActive: boolean }[];
      totals: { total: number; active: number; used: number };
    };
  };
  return result.data;
}

describe("/admin/api-keys", () => {
  it("is for the administrator only", async () => {
    const denied = await post({ intent: "create", keyName: "x" }, false).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Response);
    expect((denied as Response).status).toBe(302);
    expect((denied as Response).headers.get("location")).toBe("/admin-auth");
    const loaderDenied = await loader({
      request: new Request(`${ORIGIN}/admin/api-keys`),
      params: {},
      context: context(),
    } as never).catch((e: unknown) => e);
    expect((loaderDenied as Response).status).toBe(302);
  });

  it("refuses a blank key name with the spec's message", async () => {
    for (const keyName of ["", "   "]) {
      const result = await post({ intent: "create", keyName });
      expect(result.init?.status).toBe(400);
      expect(result.data.toast).toEqual({ type: "error", message: "Please enter a key name" });
      expect(result.data.fieldErrors?.keyName).toBe("Please enter a key name");
    }
    expect((await load()).totals.total).toBe(0);
  });

  it("creates a working key, shown once, and lists it masked with totals", async () => {
    const result = await post({ intent: "create", keyName: "  Zapier  ", permissions: "content_management" });
    expect(result.data.toast).toEqual({ type: "success", message: "API key created successfully" });
    const created = result.data.created;
    expect(created?.keyName).toBe("Zapier");
    expect(created?.key).toMatch(/^ak_content_[\w-]{43}$/);
    const check = await authenticateApiKey(created?.key ?? "", "content_management");
    expect(check.ok).toBe(true);

    const page = await load();
    expect(page.totals).toEqual({ total: 1, active: 1, used: 1 });
    expect(page.keys[0]).toMatchObject({
      keyName: "Zapier",
      keyStart: created?.key.slice(0, 12),
      keyLast4: created?.key.slice(-4),
      isActive: true,
    });
    expect(JSON.stringify(page)).not.toContain(created?.key.slice(12, -4));

    const [audit] = await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "api_key.create"));
    expect(audit).toMatchObject({ actor: "admin@example.com", entity: "api_key", entityId: created?.id });
    expect(JSON.stringify(audit)).not.toContain(created?.key.slice(12, -4));
  });

  it("gives a key the permissions chosen, at least one of those there are", async () => {
    const both = await post([
      ["intent", "create"],
      ["keyName", "Partner site"],
      ["permissions", "form_submissions"],
      ["permissions", "content_management"],
    ]);
    const key = both.data.created?.key ?? "";
    expect((await authenticateApiKey(key, "form_submissions")).ok).toBe(true);
    expect((await authenticateApiKey(key, "content_management")).ok).toBe(true);
    const [stored] = await test
      .handle()
      .db.select()
      .from(apiKeys)
      .where(eq(apiKeys.id, both.data.created?.id ?? ""));
    expect(stored?.permissions).toEqual(["content_management", "form_submissions"]);

    const formsOnly = await post({
      intent: "create",
      keyName: "Forms only",
      permissions: "form_submissions",
    });
    const formsKey = formsOnly.data.created?.key ?? "";
    expect((await authenticateApiKey(formsKey, "form_submissions")).ok).toBe(true);
    expect(await authenticateApiKey(formsKey, "content_management")).toMatchObject({
      ok: false,
      status: 403,
      message: "This API key lacks the content_management permission.",
    });

    const before = (await load()).totals.total;
    for (const permissions of [[], ["analytics_read"]]) {
      const refused = await post([
        ["intent", "create"],
        ["keyName", "No permission"],
        ...permissions.map((p): [string, string] => ["permissions", p]),
      ]);
      expect(refused.init?.status).toBe(400);
      expect(refused.data.fieldErrors?.permissions).toMatch(/^Choose (at least one permission|permissions)/);
    }
    expect((await load()).totals.total).toBe(before);
  });

  it("toggles, deletes, and reports failures on keys that are gone", async () => {
    const { data } = await post({
      intent: "create",
      keyName: "Toggle me",
      permissions: "content_management",
    });
    const id = data.created?.id ?? "";
    const key = data.created?.key ?? "";

    const off = await post({ intent: "toggle", id, active: "false" });
    expect(off.data.toast).toEqual({ type: "success", message: "API key deactivated" });
    expect((await authenticateApiKey(key, "content_management")).ok).toBe(false);
    const on = await post({ intent: "toggle", id, active: "true" });
    expect(on.data.toast).toEqual({ type: "success", message: "API key activated" });

    const removed = await post({ intent: "delete", id });
    expect(removed.data.toast).toEqual({ type: "success", message: "API key deleted" });
    expect(await test.handle().db.select().from(apiKeys).where(eq(apiKeys.id, id))).toEqual([]);

    expect((await post({ intent: "delete", id })).data.toast).toEqual({
      type: "error",
      message: "Failed to delete API key",
    });
    expect((await post({ intent: "toggle", id, active: "true" })).data.toast).toEqual({
      type: "error",
      message: "Failed to update API key",
    });
    expect((await post({ intent: "toggle", id: "not-a-uuid", active: "true" })).init?.status).toBe(400);

    const actions = (await test.handle().db.select().from(auditLog).where(eq(auditLog.entityId, id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual([
      "api_key.activate",
      "api_key.create",
      "api_key.deactivate",
      "api_key.delete",
    ]);
  });

  it("answers a key that is already gone with 404 and the action's own message (the one 'already gone' rule)", async () => {
    const created = (
      await post({ intent: "create", keyName: "Short-lived", permissions: "content_management" })
    ).data.created;
    if (!created) throw new Error("create failed");
    expect((await post({ intent: "delete", id: created.id })).init?.status ?? 200).toBe(200);
    const again = await post({ intent: "delete", id: created.id });
    expect(again.init?.status).toBe(404);
    expect(again.data.toast).toEqual({ type: "error", message: "Failed to delete API key" });
    const toggle = await post({ intent: "toggle", id: created.id, active: "false" });
    expect(toggle.init?.status).toBe(404);
    expect(toggle.data.toast).toEqual({ type: "error", message: "Failed to update API key" });
  });
});
