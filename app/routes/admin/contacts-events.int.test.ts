// The live-leads stream ends when its session does: signing out (here or in another browser) must not leave a
// stream of lead updates open.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { auth, initAuth } from "~/auth/instance.server";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { requestInfoContext } from "~/infra/request-context.server";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { liveLeadsTiming, loader } from "./contacts-events";

setupTestDatabase();
const ORIGIN = "http://localhost:3000";
const PASSWORD = "live-stream-test-password";
const checkEvery = liveLeadsTiming.sessionCheckMs;

async function signIn(ip: string): Promise<string> {
  const response = await auth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": ip },
      body: JSON.stringify({ email: "admin@example.com", password: PASSWORD }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function openStream(cookie: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "198.51.100.9", nonce: "" });
  const controller = new AbortController();
  const request = new Request(`${ORIGIN}/admin/contacts/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const response = (await loader({ request, params: {}, context } as never)) as Response;
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    /** Reads until the stream ends (or `until` appears), returning everything read. */
    async read(until?: string) {
      for (;;) {
        if (until && text.includes(until)) return text;
        const { done, value } = await reader.read();
        if (done) return text;
        text += decoder.decode(value);
      }
    },
    abort: () => controller.abort(),
  };
}

beforeAll(async () => {
  process.env.ADMIN_PASSWORD = PASSWORD;
  await initAuth();
  await bootstrapAdmin();
  // Re-check the session every 50 ms instead of every 20 s, so the test does not wait.
  liveLeadsTiming.sessionCheckMs = 50;
});

afterAll(() => {
  liveLeadsTiming.sessionCheckMs = checkEvery;
});

describe("live-leads stream", () => {
  it("tells the page and ends once the session is gone", async () => {
    const cookie = await signIn("198.51.100.61");
    const stream = await openStream(cookie);
    expect(await stream.read(": connected")).toContain(": connected");

    // Signed out everywhere, e.g. from another browser.
    const ctx = await auth().$context;
    const session = await auth().api.getSession({ headers: new Headers({ cookie }) });
    await ctx.internalAdapter.deleteUserSessions(session?.user.id ?? "");

    const rest = await stream.read();
    expect(rest).toContain("event: signed-out");
  });

  it("keeps streaming while the session lives", async () => {
    const cookie = await signIn("198.51.100.62");
    const stream = await openStream(cookie);
    await stream.read(": connected");
    // Let several session checks pass, then a lead arrives: the stream is still open to announce it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db().insert(subscribers).values({ email: "still-streaming@example.com", sourcePage: "/blog" });
    const text = await stream.read("event: leads");
    expect(text).toContain("event: leads");
    expect(text).not.toContain("signed-out");
    stream.abort();
  });
});
