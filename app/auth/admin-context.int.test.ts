// The admin layout's middleware: it refuses non-admins before any admin loader or action runs, and what it stores
// is what loaders and actions read (the session is read once per request, not again by each of them).
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { adminContext, adminFor, adminMiddleware } from "~/auth/admin-context.server";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { setupTestDatabase } from "../../tests/support/test-db";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "context-admin-password";

setupTestDatabase();

async function adminCookie(): Promise<{ cookie: string; token: string }> {
  const { headers, response } = await auth().api.signInEmail({
    body: { email: "admin@example.com", password: "context-admin-password" },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, token: response.token };
}

function runMiddleware(request: Request, context: RouterContextProvider) {
  const next = async () => new Response("page");
  return adminMiddleware(
    { request, context, params: {}, url: new URL(request.url), unstable_pattern: "/admin" } as never,
    next,
  );
}

async function thrownBy(promise: unknown): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("admin context", () => {
  beforeAll(async () => {
    await initAuth();
    await bootstrapAdmin();
  });

  it("refuses a request without a session before any loader runs, and stores nothing", async () => {
    const context = new RouterContextProvider();
    const refusal = await thrownBy(runMiddleware(new Request("http://localhost:3000/admin"), context));
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(302);
    expect((refusal as Response).headers.get("location")).toBe("/admin-auth");
    expect(context.get(adminContext)).toBeNull();
  });

  it("stores the administrator once; loaders and actions read it without another session read", async () => {
    const { cookie, token } = await adminCookie();
    const request = new Request("http://localhost:3000/admin", { headers: { cookie } });
    const context = new RouterContextProvider();
    await runMiddleware(request, context);
    expect(context.get(adminContext)?.email).toBe("admin@example.com");
    // Revoked after the middleware ran: a second session read would now refuse, the context still answers.
    const ctx = await auth().$context;
    await ctx.internalAdapter.deleteSession(token);
    expect((await adminFor({ request, context })).email).toBe("admin@example.com");
  });

  it("runs the full guard when the middleware has not run, so no loader is reachable unguarded", async () => {
    const refusal = await thrownBy(
      adminFor({ request: new Request("http://localhost:3000/admin"), context: new RouterContextProvider() }),
    );
    expect((refusal as Response).status).toBe(302);
  });
});
