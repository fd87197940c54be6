// The authorization matrix: every admin route in app/routes.ts (found at run time, so routes added later are
// covered) must refuse every caller that is not the one active administrator — no session, another signed-in
// user, the administrator with admin_users.is_active false, and a revoked session. Each route module's loader and
// action is called on its own, exactly as React Router calls it for a document request, a client navigation
// (single fetch runs only the matched route's loader) or a form post, so a missing requireAdmin in any one of
// them fails this test even though the admin layout's loader is guarded.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { adminUsers } from "~/db/schema";
import { requestInfoContext } from "~/lib/request-context.server";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import { setupTestDatabase } from "../support/test-db";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "matrix-admin-password";
const ADMIN = { email: "admin@example.com", password: "matrix-admin-password" };
const OTHER = { email: "someone-else@example.com", password: "someone-else-password" };
const BASE = "http://localhost:3000";
const APP_DIR = path.resolve(import.meta.dirname, "../../app");

async function signIn(credentials: {
  email: string;
  password: string;
}): Promise<{ cookie: string; token: string }> {
  const { headers, response } = await auth().api.signInEmail({ body: credentials, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, token: response.token };
}

type Persona = { name: string; cookie: () => Promise<string>; after?: () => Promise<void> };

const test = setupTestDatabase();
let adminUserId = "";

const personas: Persona[] = [
  { name: "no session", cookie: async () => "" },
  { name: "a signed-in user who is not the admin email", cookie: async () => (await signIn(OTHER)).cookie },
  {
    name: "the admin with is_active false",
    cookie: async () => {
      const { cookie } = await signIn(ADMIN);
      await test
        .handle()
        .db.update(adminUsers)
        .set({ isActive: false })
        .where(eq(adminUsers.userId, adminUserId));
      return cookie;
    },
    after: async () => {
      await test
        .handle()
        .db.update(adminUsers)
        .set({ isActive: true })
        .where(eq(adminUsers.userId, adminUserId));
    },
  },
  {
    name: "a revoked session",
    cookie: async () => {
      const { cookie, token } = await signIn(ADMIN);
      const ctx = await auth().$context;
      await ctx.internalAdapter.deleteSession(token);
      return cookie;
    },
  },
];

function requestFor(route: AdminRoute, kind: "loader" | "action", cookie: string) {
  const url = new URL(route.url, BASE);
  if (route.index) url.searchParams.set("index", "");
  const headers = new Headers({ "x-forwarded-for": "203.0.113.7", "user-agent": "authz-matrix" });
  if (cookie) headers.set("cookie", cookie);
  if (kind === "loader") return new Request(url, { headers });
  headers.set("origin", BASE);
  headers.set("content-type", "application/x-www-form-urlencoded");
  // Plausible form fields, so an unguarded action would get far enough to do something.
  const body = new URLSearchParams({
    intent: "delete",
    id: randomUUID(),
    title: "x",
    slug: "x",
    password: "x",
  });
  return new Request(url, { method: "POST", headers, body });
}

async function call(route: AdminRoute, kind: "loader" | "action", cookie: string) {
  const mod = (await import(path.join(APP_DIR, route.file))) as Record<string, unknown>;
  const fn = mod[kind] as (args: unknown) => Promise<unknown>;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "203.0.113.7", nonce: "test" });
  try {
    const returned = await fn({ request: requestFor(route, kind, cookie), params: route.params, context });
    return { thrown: false as const, value: returned };
  } catch (error) {
    return { thrown: true as const, value: error };
  }
}

async function expectRefused(outcome: Awaited<ReturnType<typeof call>>, label: string) {
  expect(outcome.thrown, `${label} returned instead of refusing`).toBe(true);
  expect(outcome.value, `${label} threw something other than a Response`).toBeInstanceOf(Response);
  const response = outcome.value as Response;
  if (response.status === 302) {
    expect(response.headers.get("location") ?? "", label).toMatch(/^\/admin-auth(\?|$)/);
  } else {
    expect([401, 403], `${label} answered ${response.status}`).toContain(response.status);
  }
  const body = await response.text();
  expect(body, `${label} leaked the admin email`).not.toContain(ADMIN.email);
}

describe("authorization matrix", () => {
  const found = adminRoutes();

  beforeAll(async () => {
    await initAuth();
    adminUserId = (await bootstrapAdmin()).userId;
    const ctx = await auth().$context;
    const other = await ctx.internalAdapter.createUser(
      {
        email: OTHER.email,
        name: "Other",
        emailVerified: true,
      },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: other.id,
      providerId: "credential",
      accountId: other.id,
      password: await ctx.password.hash(OTHER.password),
    });
  });

  it("finds the admin routes in app/routes.ts", () => {
    const files = found.map((r) => r.file);
    console.info(`authz matrix: ${found.map((r) => `${r.url} [${r.exports.join(",")}]`).join(", ")}`);
    expect(files).toContain("routes/admin/layout.tsx");
    expect(files).toContain("routes/admin/security.tsx");
  });

  it("lets the active administrator through (the matrix is not vacuous)", async () => {
    const layout = found.find((r) => r.file === "routes/admin/layout.tsx");
    if (!layout) throw new Error("admin layout not found");
    const { cookie } = await signIn(ADMIN);
    const outcome = await call(layout, "loader", cookie);
    expect(outcome.thrown).toBe(false);
  });

  for (const persona of personas) {
    describe(persona.name, () => {
      for (const route of found) {
        for (const kind of route.exports) {
          it(`${kind} of ${route.url} (${route.file}) refuses`, async () => {
            const cookie = await persona.cookie();
            try {
              await expectRefused(await call(route, kind, cookie), `${kind} ${route.file}`);
            } finally {
              await persona.after?.();
            }
          });
        }
      }
    });
  }

  it("revokes a non-admin session it sees, so it cannot be used anywhere else", async () => {
    const { cookie } = await signIn(OTHER);
    const headers = new Headers({ cookie });
    expect(await auth().api.getSession({ headers })).not.toBeNull();
    const layout = found.find((r) => r.file === "routes/admin/layout.tsx");
    if (!layout) throw new Error("admin layout not found");
    await call(layout, "loader", cookie);
    expect(await auth().api.getSession({ headers })).toBeNull();
  });
});
