// Reliability (ADR 012): PostgreSQL goes away under a running server and comes back. While it is gone, cached
// pages are still served, other pages answer a clear 503, contact submissions answer a clear 503 that keeps what
// the visitor typed and store nothing, the content API answers a 503 in its JSON error shape, and /healthz says so.
// When it is back, everything works again without a restart.
//
// The database "stops" for this one server only: a TCP proxy between the server and PostgreSQL drops every
// connection and refuses new ones (what a stopped PostgreSQL looks like to the app), so the PostgreSQL the other
// tests share keeps running.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoBlogPosts } from "../../app/db/seed-content";
import { freePort } from "../../scripts/free-port.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { expect, failedResource, NEEDS_POSTGRES, test } from "./support/fixtures";
import {
  adminCookie,
  createContentKey,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from "./support/server-process";

const UNAVAILABLE = "Our system is briefly unavailable and nothing was saved. Please try again in a minute.";
const published = demoBlogPosts.filter((p) => p.status === "published");

// PostgreSQL only: the embedded database runs in-process and cannot be taken away from the server. Without
// TEST_DATABASE_URL the whole group shows as skipped.
test.describe("PostgreSQL outage", () => {
  test.skip(!process.env.TEST_DATABASE_URL, NEEDS_POSTGRES);
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let dataDir: string;
  let key: string;
  let cookie: string;
  const tag = randomBytes(4).toString("hex");

  test.beforeAll(async () => {
    database = await scratchDatabase(process.env.TEST_DATABASE_URL ?? "", "asimov_outage");
    proxy = await startTcpProxy({ host: database.url.hostname, port: Number(database.url.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-outage-"));
    server = await startServer(await freePort(), {
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
    });
    cookie = await adminCookie(server.base);
    key = await createContentKey(server.base, cookie);
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
    await proxy?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  test("serves what it can, refuses writes clearly, and recovers without a restart", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(503, "/api/leads"));
    const { base } = server;
    // Before the outage: the landing page is cached, the contact page is open in a browser.
    // Read in full: a page is stored once all of it was sent (see tests/system/cache-coherence.system.test.ts).
    await (await fetch(`${base}/`)).arrayBuffer();
    expect((await fetch(`${base}/`)).headers.get("x-cache")).toBe("HIT");
    await page.goto(`${base}/contact`);
    await page.getByLabel("Name *").fill("Outage Tester");
    await page.getByLabel("Email *").fill(`outage-js-${tag}@example.com`);
    await page.getByLabel("Interest *").selectOption("consulting");
    await page.getByLabel("Message *").fill("Sent while the database is down.");

    await proxy.down();

    // Health check: 503 and why.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "degraded", database: { reachable: false } });

    // A cached page is still served.
    const landing = await fetch(`${base}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("x-cache")).toBe("HIT");

    // A page that needs the database: a clear 503 page, retry later, not cached.
    const article = await fetch(`${base}/blog/${published[0]?.slug}`);
    expect(article.status).toBe(503);
    expect(article.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(article.headers.get("cache-control")).toContain("no-store");
    expect(await article.text()).toContain("Failed to load blog post");

    // The contact form with JavaScript: the error is said, the form keeps everything.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: UNAVAILABLE })).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue("Outage Tester");
    await expect(page.getByLabel("Message *")).toHaveValue("Sent while the database is down.");

    // The contact form without JavaScript: 503, the message, and the typed values back in the form.
    const noJs = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "No Script Tester",
        email: `outage-nojs-${tag}@example.com`,
        interest: "consulting",
        message: "Also sent during the outage.",
      }),
    });
    expect(noJs.status).toBe(503);
    expect(noJs.headers.get("retry-after")).toMatch(/^\d+$/);
    const noJsHtml = await noJs.text();
    expect(noJsHtml).toContain(UNAVAILABLE);
    expect(noJsHtml).toContain('value="No Script Tester"');

    // The dialogs' JSON endpoint and the content API: 503 with the reason.
    const lead = await fetch(`${base}/api/leads`, {
      method: "POST",
      headers: {
        Origin: base,
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        kind: "lead",
        email: `outage-lead-${tag}@example.com`,
        purpose: "demo_request",
      }),
    });
    expect(lead.status).toBe(503);
    expect(await lead.json()).toMatchObject({ ok: false, errors: { form: UNAVAILABLE } });
    const api = await fetch(`${base}/functions/v1/content-api/blog`, { headers: { "x-api-key": key } });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: { status: 503, code: "service_unavailable" } });

    await proxy.up();

    // Back without a restart: healthy, pages render, the same submission now goes through.
    await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 15_000 }).toBe(200);
    expect((await fetch(`${base}/blog/${published[0]?.slug}`)).status).toBe(200);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Thank you for your message!" }),
    ).toBeVisible();
    const apiBack = await fetch(`${base}/functions/v1/content-api/blog`, { headers: { "x-api-key": key } });
    expect(apiBack.status).toBe(200);

    // Nothing from the outage was half-written: only the retried submission is stored.
    const csv = await (
      await fetch(`${base}/admin/contacts/export/contacts?q=outage-`, { headers: { cookie } })
    ).text();
    expect(csv).toContain(`outage-js-${tag}@example.com`);
    expect(csv).not.toContain(`outage-nojs-${tag}@example.com`);
    const leads = await (
      await fetch(`${base}/admin/contacts/export/submissions?q=outage-lead-${tag}`, { headers: { cookie } })
    ).text();
    expect(leads).not.toContain(`outage-lead-${tag}@example.com`);
  });
});
