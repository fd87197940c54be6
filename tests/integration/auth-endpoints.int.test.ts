// better-auth's endpoints under /api/auth, as a signed-in member reaches them through the app's mount
// (app/routes/auth/api-auth.ts): every endpoint better-auth has, except the few the product uses, answers 404, so
// nobody renames themselves, changes their email, deletes their user, signs up or sets a password around the
// product's screens. The list comes from better-auth itself, so an endpoint a new version adds is walked too.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_ENDPOINTS_IN_USE } from "~/auth/endpoint-policy.server";
import { auth } from "~/auth/instance.server";
import { authUsers } from "~/db/schema";
import { action, loader } from "~/routes/auth/api-auth";
import { accept, BASE, invite, setupTeam, signIn } from "../support/team-routes";

const { test, owner } = setupTeam();
const MEMBER = { email: "editor@example.com", password: "editor-password-9", name: "Edith Editor" };
const member = { cookie: "" };

beforeAll(async () => {
  const token = await invite(owner.cookie, MEMBER.email, "editor");
  const accepted = await accept(token, MEMBER.name, MEMBER.password);
  expect(accepted.status).toBe(302);
  member.cookie = accepted.cookie;
});

let address = 1;
/** A request to better-auth through the app's mount, as the signed-in member's browser would send it. */
async function callMount(method: string, path: string, body?: unknown, cookie = member.cookie) {
  const headers = new Headers({
    cookie,
    origin: BASE,
    "user-agent": "endpoint-walk",
    // Each from its own address: better-auth's own per-address limits are not what is tested here.
    "x-forwarded-for": `192.0.2.${address++ % 250}`,
  });
  const hasBody = method !== "GET" && method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  const request = new Request(`${BASE}/api/auth${path}`, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
  const args = { request, params: {}, context: undefined } as never;
  return (await (method === "GET" ? loader(args) : action(args))) as unknown as Response;
}

interface Endpoint {
  path?: string;
  options?: { method?: string | string[] };
}

/** Every endpoint better-auth's instance has: its path (parameters filled in) and each method it answers. */
function everyEndpoint() {
  return Object.entries(auth().api as unknown as Record<string, Endpoint>).flatMap(([key, endpoint]) => {
    if (typeof endpoint.path !== "string") return [];
    const declared = endpoint.options?.method ?? "GET";
    const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((m) =>
      m === "*" ? ["GET", "POST"] : [m],
    );
    const path = endpoint.path.replace(/:[^/]+/g, "x");
    return methods.map((method) => ({ key, method, path, template: endpoint.path as string }));
  });
}

describe("better-auth's endpoints over HTTP", () => {
  it("everything the product does not use is refused with 404, even to a signed-in member", async () => {
    const endpoints = everyEndpoint();
    // better-auth's own endpoints and the two-factor plugin's: dozens, so the walk is not an empty one.
    expect(endpoints.length).toBeGreaterThan(30);
    const open: string[] = [];
    for (const { method, path, template } of endpoints) {
      if (AUTH_ENDPOINTS_IN_USE[template] === method) continue;
      const response = await callMount(method, path);
      if (response.status !== 404) open.push(`${method} ${path} answered ${response.status}`);
    }
    expect(open).toEqual([]);
  });

  it("the product's own endpoints are better-auth's and still answer (here: 400 for an empty body)", async () => {
    const endpoints = everyEndpoint();
    for (const [path, method] of Object.entries(AUTH_ENDPOINTS_IN_USE)) {
      expect(
        endpoints.some((e) => e.template === path && e.method === method),
        `${method} ${path}`,
      ).toBe(true);
      const response = await callMount(method, path);
      expect(response.status, `${method} ${path}`).toBe(400);
    }
    // A method the product does not use on an open path is refused too.
    expect((await callMount("GET", "/sign-in/email")).status).toBe(404);
  });

  it("a member cannot rename themselves, change their email or password, delete their user, or sign someone up", async () => {
    const refused = [
      ["/update-user", { name: "Mallory" }],
      ["/change-email", { newEmail: "mallory@example.com" }],
      ["/change-password", { currentPassword: MEMBER.password, newPassword: "a-weaker-one-1" }],
      ["/delete-user", { password: MEMBER.password }],
      ["/sign-up/email", { email: "walk-in@example.com", password: "walk-in-password", name: "Walk in" }],
    ] as const;
    // A session of its own: had the walk above reached /sign-out, the member's first session would be over.
    const cookie = await signIn(MEMBER.email, MEMBER.password);
    for (const [path, body] of refused) {
      expect((await callMount("POST", path, body, cookie)).status, path).toBe(404);
    }
    const [user] = await test.handle().db.select().from(authUsers).where(eq(authUsers.email, MEMBER.email));
    expect(user?.name).toBe(MEMBER.name);
    expect(await signIn(MEMBER.email, MEMBER.password)).toContain("session_token");
    const ctx = await auth().$context;
    expect(await ctx.internalAdapter.findUserByEmail("walk-in@example.com")).toBeNull();
    expect(await ctx.internalAdapter.findUserByEmail("mallory@example.com")).toBeNull();
  });
});
