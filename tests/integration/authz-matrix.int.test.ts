// The authorization matrix: every admin route in app/routes.ts (found at run time, so routes added later are
// covered) must refuse every caller that is not an active team member — no session, a signed-in user who is not a
// member, a member with admin_users.is_active false, and a revoked session — and must answer each role exactly as
// its capability says: allowed, or 403 with nothing written. Each route module's loader and action is called on
// its own, exactly as React Router calls it for a document request, a client navigation (single fetch runs only
// the matched route's loader) or a form post, so a missing check in any one of them fails this test even though
// the admin layout's loader is guarded. A new admin route must name its capability in REQUIRED below.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { type Capability, can, ROLES, type Role } from "~/auth/roles";
import { rowsOf } from "~/db/client.server";
import { adminUsers, authUsers } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import { addAccount, sessionCookie } from "../support/members";
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

/**
 * A caller who is not an active member. The guard revokes the session of a non-member or an inactive member when it
 * sees one, so those personas get a new session for every route (made directly: a password check per route would
 * cost the file most of its time); `before` and `after` put the persona's condition in place around its routes.
 */
type Persona = {
  name: string;
  /** Once for the persona, or for every route when `perRoute`. */
  cookie: () => Promise<string>;
  perRoute?: boolean;
  before?: () => Promise<void>;
  after?: () => Promise<void>;
};

const test = setupTestDatabase();
let adminUserId = "";
let otherUserId = "";

const setOwnerActive = async (isActive: boolean) => {
  await test.handle().db.update(adminUsers).set({ isActive }).where(eq(adminUsers.userId, adminUserId));
};

const personas: Persona[] = [
  { name: "no session", cookie: async () => "" },
  {
    name: "a signed-in user who is not a member",
    cookie: () => sessionCookie(otherUserId),
    perRoute: true,
  },
  {
    name: "the owner with is_active false",
    cookie: () => sessionCookie(adminUserId),
    perRoute: true,
    before: () => setOwnerActive(false),
    after: () => setOwnerActive(true),
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

/**
 * The capability each admin route's loader and action asks for (requireCan). The roles that have it must get
 * through; every other role gets a 403. Item-level rules (whose post, published or not) are tested in
 * tests/integration/team.int.test.ts.
 */
const REQUIRED: Record<string, Partial<Record<"loader" | "action", Capability>>> = {
  "routes/admin/layout.tsx": { loader: "dashboard.view" },
  "routes/admin/dashboard.tsx": { loader: "dashboard.view" },
  "routes/admin/security.tsx": { loader: "account.own", action: "account.own" },
  "routes/admin/blog.tsx": { loader: "content.view", action: "content.create" },
  "routes/admin/academy.tsx": { loader: "content.view", action: "content.create" },
  "routes/admin/media.tsx": { loader: "media.manage", action: "media.manage" },
  "routes/admin/analytics.tsx": { loader: "analytics.view" },
  "routes/admin/contacts.tsx": { loader: "leads.view", action: "leads.work" },
  "routes/admin/contacts-person.tsx": { loader: "leads.view", action: "leads.work" },
  "routes/admin/contacts-spam.tsx": { loader: "leads.view", action: "leads.work" },
  "routes/admin/settings.tsx": { loader: "settings.manage", action: "settings.manage" },
  "routes/admin/api-keys.tsx": { loader: "api-keys.manage", action: "api-keys.manage" },
  "routes/admin/integrations.tsx": { loader: "integrations.manage", action: "integrations.manage" },
  "routes/admin/redirects.tsx": { loader: "redirects.manage", action: "redirects.manage" },
  "routes/admin/team.tsx": { loader: "team.manage", action: "team.manage" },
  "routes/admin/audit.tsx": { loader: "audit.view" },
  "routes/admin/pages.tsx": { loader: "pages.manage", action: "pages.manage" },
  "routes/admin/page-edit.tsx": { loader: "pages.manage", action: "pages.manage" },
  "routes/admin/forms.tsx": { loader: "forms.manage" },
  "routes/admin/form-edit.tsx": { loader: "forms.manage", action: "forms.manage" },
  "routes/admin/form-export.ts": { loader: "leads.export" },
  "routes/admin/form-file.ts": { loader: "leads.view" },
  "routes/admin/newsletters.tsx": { loader: "newsletters.manage", action: "newsletters.manage" },
  "routes/admin/newsletter-edit.tsx": { loader: "newsletters.manage", action: "newsletters.manage" },
  "routes/admin/backups.tsx": { loader: "backups.manage", action: "backups.manage" },
  "routes/admin/contacts-export.ts": { loader: "leads.export" },
  "routes/admin/analytics-export.ts": { loader: "analytics.view" },
  "routes/admin/backup-download.ts": { loader: "backups.manage" },
  "routes/admin/content-revisions.ts": { loader: "content.view", action: "content.edit.own" },
  "routes/admin/content-previews.ts": { loader: "content.preview", action: "content.preview" },
  "routes/admin/newsletter-revisions.ts": { loader: "newsletters.manage", action: "newsletters.manage" },
  "routes/admin/settings-revisions.ts": { loader: "settings.manage", action: "settings.manage" },
  "routes/admin/form-revisions.ts": { loader: "forms.manage", action: "forms.manage" },
  "routes/admin/form-builtin.tsx": { loader: "forms.manage", action: "forms.manage" },
  "routes/admin/form-builtin-revisions.ts": { loader: "forms.manage", action: "forms.manage" },
  "routes/api/uploads.ts": { loader: "media.manage", action: "media.manage" },
};

describe("authorization matrix", () => {
  const found = adminRoutes();

  beforeAll(async () => {
    await initAuth();
    adminUserId = (await bootstrapAdmin()).userId;
    await addAccount({ ...OTHER, name: "Other" });
    const [other] = await test
      .handle()
      .db.select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, OTHER.email));
    otherUserId = other?.id ?? "";
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

  it("gives the personas real sessions (a refusal is the guard's, not a bad cookie's)", async () => {
    for (const userId of [otherUserId, adminUserId]) {
      const headers = new Headers({ cookie: await sessionCookie(userId) });
      expect((await auth().api.getSession({ headers }))?.user.id).toBe(userId);
    }
  });

  for (const persona of personas) {
    describe(persona.name, () => {
      let cookie = "";
      beforeAll(async () => {
        if (!persona.perRoute) cookie = await persona.cookie();
        await persona.before?.();
      });
      afterAll(async () => {
        await persona.after?.();
      });
      for (const route of found) {
        for (const kind of route.exports) {
          it(`${kind} of ${route.url} (${route.file}) refuses`, async () => {
            const sent = persona.perRoute ? await persona.cookie() : cookie;
            await expectRefused(await call(route, kind, sent), `${kind} ${route.file}`);
          });
        }
      }
    });
  }

  describe("every role", () => {
    const cookies = new Map<Role, string>();
    let fingerprint: () => Promise<string>;

    beforeAll(async () => {
      const ctx = await auth().$context;
      for (const role of ROLES) {
        if (role === "owner") {
          cookies.set(role, (await signIn(ADMIN)).cookie);
          continue;
        }
        const credentials = { email: `${role}@example.com`, password: `${role}-matrix-password` };
        const user = await ctx.internalAdapter.createUser(
          { email: credentials.email, name: role, emailVerified: true },
          { method: "admin" },
        );
        await ctx.internalAdapter.linkAccount({
          userId: user.id,
          providerId: "credential",
          accountId: user.id,
          password: await ctx.password.hash(credentials.password),
        });
        await test.handle().db.insert(adminUsers).values({ userId: user.id, role });
        cookies.set(role, (await signIn(credentials)).cookie);
      }
      // Every table's rows, hashed: what a refused request must leave as it was. Sessions and rate-limit counters
      // are the guard's own bookkeeping (a session read may renew it), not the request's doing.
      const { db } = test.handle();
      const tables = rowsOf<{ name: string }>(
        await db.execute(
          sql`select table_name as name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE'
                and table_name not in ('auth_session', 'auth_rate_limit', 'rate_limits', '__drizzle_migrations')
              order by 1`,
        ),
      ).map((r) => r.name);
      const query = tables
        .map(
          (t) =>
            `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
        )
        .join(" union all ");
      fingerprint = async () =>
        rowsOf<{ t: string; h: string }>(await db.execute(sql.raw(query)))
          .map((r) => `${r.t}:${r.h}`)
          .join(",");
    });

    it("knows the capability of every admin route and action (a new route must name its own)", () => {
      const missing = found.flatMap((route) =>
        route.exports
          .filter((kind) => !REQUIRED[route.file]?.[kind])
          .map((kind) => `${kind} of ${route.file}`),
      );
      expect(missing).toEqual([]);
    });

    for (const role of ROLES) {
      describe(role, () => {
        for (const route of found) {
          for (const kind of route.exports) {
            const capability = REQUIRED[route.file]?.[kind];
            if (!capability) continue;
            const allowed = can(role, capability);
            it(`${kind} of ${route.url} (${route.file}) ${allowed ? "is allowed" : "is 403 and writes nothing"}`, async () => {
              const cookie = cookies.get(role) ?? "";
              const before = allowed ? "" : await fingerprint();
              const outcome = await call(route, kind, cookie);
              const value = outcome.value;
              if (allowed) {
                const refused =
                  value instanceof Response &&
                  ([401, 403].includes(value.status) ||
                    (value.status === 302 && /^\/admin-auth/.test(value.headers.get("location") ?? "")));
                if (value instanceof Response) await value.body?.cancel();
                expect(refused, `${role} was refused ${kind} of ${route.file}`).toBe(false);
                return;
              }
              expect(outcome.thrown, `${kind} ${route.file} returned instead of refusing`).toBe(true);
              expect(value).toBeInstanceOf(Response);
              const response = value as Response;
              expect(response.status).toBe(403);
              const body = (await response.json()) as { error: { message: string; roles: string[] } };
              expect(body.error.roles).not.toContain(role);
              expect(body.error.message).toMatch(/^Only /);
              expect(await fingerprint(), `${role}: ${kind} of ${route.file} wrote on a 403`).toBe(before);
            });
          }
        }
      });
    }
  });

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
