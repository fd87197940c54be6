// Route modules run as a browser would use them, for the team's integration tests: requests with a session
// cookie (each from its own address, so the per-address limits stay out of the way), a route export's answer, and
// the owner's invitation and its acceptance; and the team's test set-up (a fresh database, the owner signed in).
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import type { Role } from "~/auth/roles";
import { env } from "~/env.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { setupTestDatabase } from "./test-db";

export const BASE = "http://localhost:3000";
const APP_DIR = path.resolve(import.meta.dirname, "../../app");

type Module = Record<string, (args: unknown) => Promise<unknown>>;
const load = async (file: string) => (await import(path.join(APP_DIR, file))) as Module;

let ip = 10;
function context() {
  const ctx = new RouterContextProvider();
  // Each call from its own address, so the per-address limits of sign-in and acceptance stay out of the way.
  ctx.set(requestInfoContext, { ip: `198.51.100.${ip++ % 250}`, nonce: "test" });
  return ctx;
}

export function request(url: string, cookie = "", form?: Record<string, string>) {
  // Each request from its own address, so better-auth's per-address sign-in limit stays out of the way.
  const headers = new Headers({ "user-agent": "team-test", "x-forwarded-for": `203.0.113.${ip++ % 250}` });
  if (cookie) headers.set("cookie", cookie);
  if (!form) return new Request(new URL(url, BASE), { headers });
  headers.set("origin", BASE);
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(new URL(url, BASE), { method: "POST", headers, body: new URLSearchParams(form) });
}

/** Runs a route export; a thrown Response is answered like React Router would (its status). */
export async function run(
  file: string,
  kind: "loader" | "action",
  req: Request,
  params: Record<string, string> = {},
) {
  const fn = (await load(file))[kind];
  if (!fn) throw new Error(`${file} has no ${kind}`);
  try {
    return { thrown: false, value: await fn({ request: req, params, context: context() }) };
  } catch (error) {
    return { thrown: true, value: error };
  }
}

/** The form screen's save of form `id` ("new": a new form) by the member of `cookie`, as its settings card posts it. */
export function saveForm(cookie: string, id: string, form: Record<string, unknown>, base = "") {
  return run(
    "routes/admin/form-edit.tsx",
    "action",
    request(`/admin/forms/${id}`, cookie, { intent: "save", base, form: JSON.stringify(form) }),
    { id },
  );
}

/** The status and body of what a route answered (a Response, or React Router's data() with its init). */
export async function answer(outcome: { value: unknown }) {
  const value = outcome.value as { data?: unknown; init?: { status?: number } } | Response;
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: value.status, body, headers: value.headers };
  }
  return { status: value.init?.status ?? 200, body: value.data ?? value, headers: new Headers() };
}

export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c): c is string => Boolean(c) && !c?.endsWith("="))
    .join("; ");

export async function signIn(email: string, password: string) {
  const { headers } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieOf(headers);
}

/** `inviter` (a session cookie) invites `email` as `role` (no SMTP: the answer carries the link); answers the token. */
export async function invite(inviter: string, email: string, role: Role): Promise<string> {
  const out = await answer(
    await run(
      "routes/admin/team.tsx",
      "action",
      request("/admin/team", inviter, { intent: "invite", email, role }),
    ),
  );
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  const link = (out.body as { link?: string }).link ?? "";
  expect(link).toMatch(/\/admin-auth\/join\/[\w-]{43}$/);
  return link.split("/").at(-1) ?? "";
}

/** Accepts an invitation through the acceptance page; answers the status and the session cookie. */
export async function accept(token: string, name: string, password: string) {
  const out = await answer(
    await run(
      "routes/auth/accept-invitation.tsx",
      "action",
      request(`/admin-auth/join/${token}`, "", { name, password, confirm: password }),
      { token },
    ),
  );
  return { ...out, cookie: cookieOf(out.headers) };
}

/**
 * A fresh database with the owner (ADMIN_EMAIL) bootstrapped and signed in before the file's tests, no SMTP.
 * `owner.cookie` is the owner's session (a test may replace it); `invite` invites as the owner.
 */
export function setupTeam() {
  process.env.ADMIN_EMAIL = "owner@example.com";
  process.env.ADMIN_PASSWORD = "team-owner-password";
  const test = setupTestDatabase();
  const owner = { cookie: "" };
  beforeAll(async () => {
    await initAuth();
    await bootstrapAdmin();
    owner.cookie = await signIn("owner@example.com", "team-owner-password");
    env().smtpUrl = undefined;
  });
  return { test, owner, invite: (email: string, role: Role) => invite(owner.cookie, email, role) };
}
