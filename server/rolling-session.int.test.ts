// Rolling admin sessions on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a GET of a back-office
// page with a session past its update age gets the renewed cookie, however the path is cased (routing, and so the
// admin guard, ignore letter case); other requests get none.
import { sql } from "drizzle-orm";
import type { Request, Response } from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { initAuth } from "~/auth/instance.server";
import { signInAdmin } from "~/auth/sign-in.server";
import { authSessions } from "~/db/schema";
import { setupTestDatabase } from "../tests/support/test-db";
import { renewAdminSession } from "./rolling-session";

process.env.ADMIN_EMAIL = "admin@example.com";
process.env.ADMIN_PASSWORD = "rolling-session-password";

const test = setupTestDatabase();
let cookie = "";

beforeAll(async () => {
  await initAuth();
  await bootstrapAdmin();
  const request = new Request("http://localhost:3000/admin-auth", {
    headers: { "x-forwarded-for": "198.51.100.9", "user-agent": "vitest", origin: "http://localhost:3000" },
  });
  const outcome = await signInAdmin(request, {
    email: "admin@example.com",
    password: "rolling-session-password",
  });
  if (outcome.kind !== "granted") throw new Error(`sign-in failed: ${JSON.stringify(outcome)}`);
  cookie = outcome.setCookies.map((c) => c.split(";")[0]).join("; ");
});

/** The Set-Cookie headers the middleware adds to a request for `url`, once the session is due for renewal. */
async function renewedCookies(method: string, url: string): Promise<string[]> {
  // Last renewed more than the update age (1 hour) ago: 20 of its 24 hours left.
  await test.handle().db.update(authSessions).set({ expiresAt: sql`now() + interval '20 hours'` });
  const appended: string[] = [];
  const req = {
    method,
    url,
    originalUrl: url,
    path: new URL(url, "http://host").pathname,
    headers: { cookie, "user-agent": "vitest", host: "localhost:3000" },
  } as unknown as Request;
  const res = {
    append(name: string, value: string) {
      if (name.toLowerCase() === "set-cookie") appended.push(value);
      return res;
    },
  } as unknown as Response;
  await new Promise<void>((resolve, reject) => {
    renewAdminSession(req, res, (error?: unknown) => (error ? reject(error) : resolve())).catch(reject);
  });
  return appended.filter((c) => c.includes("session_token="));
}

describe("rolling admin sessions", () => {
  it("renew on a GET under /admin, whatever the letter case of the path", async () => {
    for (const url of ["/admin/contacts", "/ADMIN/contacts", "/Admin", "/aDmIn/blog?page=2"]) {
      expect(await renewedCookies("GET", url), url).toHaveLength(1);
    }
  });

  it("leave public pages and non-GET requests alone", async () => {
    expect(await renewedCookies("GET", "/blog")).toEqual([]);
    expect(await renewedCookies("POST", "/ADMIN/contacts")).toEqual([]);
  });
});
