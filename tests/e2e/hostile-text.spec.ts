// Hostile text against the production server, each test on a server and empty database of its own:
// - a webhook receiver answering 200 with 499 characters and an emoji (cut in two at the 500-character excerpt)
//   has the delivery marked delivered, once: not left claimed, not sent again after a restart;
// - `?utm_source=%00` requested once a second with a browser's user agent does not stop real visitors' page views
//   from being counted.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { startReceiver } from "../support/receivers";
import { DESKTOP_CHROME, DESKTOP_FIREFOX } from "../support/user-agents";
import { expect, hydrateOnNavigation, signInAsAdmin, test } from "./support/fixtures";
import {
  adminCookie,
  adminPost,
  type ServerProcess,
  startServer,
  stopServer,
} from "./support/server-process";

let dataDir: string;
let server: ServerProcess | undefined;

test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-hostile-"));
});
test.afterEach(async () => {
  if (server) await stopServer(server);
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

test.describe("hostile text", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a receiver answering 499 characters and an emoji is marked delivered once, and not sent again", async ({
    browser,
  }) => {
    const answer = `${"x".repeat(499)}😀`;
    const receiver = await startReceiver(
      () => 200,
      () => answer,
    );
    const port = await freePort();
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: "true" };
    try {
      server = await startServer(port, env);
      const base = server.base;
      await adminPost(base, await adminCookie(base), "/admin/integrations", {
        intent: "create",
        url: receiver.url,
        events: "lead.created",
      });
      const lead = async (email: string) => {
        const response = await fetch(`${base}/contact`, {
          method: "POST",
          headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            name: "Receiver Test",
            email,
            interest: "consulting",
            message: "Hello.",
          }),
        });
        expect(response.status).toBe(200);
      };
      await lead("first-hook@example.com");
      await expect.poll(() => receiver.hooks.length, { timeout: 30_000 }).toBe(1);

      // The delivery log in the admin: delivered, with the answer's start (the emoji whole), nothing in flight.
      const context = await browser.newContext({ baseURL: base });
      const page = hydrateOnNavigation(await context.newPage());
      await signInAsAdmin(page, base);
      const log = async () => {
        await page.goto("/admin/integrations");
        await page.getByRole("tab", { name: "Webhooks" }).click();
        return page.getByText(/^(delivered|delivering|retrying|failed|pending)$/).allTextContents();
      };
      await expect.poll(log, { timeout: 15_000 }).toEqual(["delivered"]);
      await page.getByText("Delivery log (1)").click();
      await expect(page.locator("pre")).toHaveText(answer);
      await context.close();

      // A restart releases whatever was left claimed ("delivering") and sends it again at once: nothing is. The
      // next lead's webhook is the only one sent after it.
      await stopServer(server);
      server = await startServer(port, env);
      await lead("second-hook@example.com");
      await expect.poll(() => receiver.hooks.length, { timeout: 30_000 }).toBe(2);
      const emails = receiver.hooks.map(
        (hook) => (JSON.parse(hook.body) as { data: { email: string } }).data.email,
      );
      expect(emails).toEqual(["first-hook@example.com", "second-hook@example.com"]);
      const check = await fetch(`${server.base}/admin/integrations`, {
        headers: { cookie: await adminCookie(server.base) },
      });
      expect(await check.text()).not.toContain("delivering");
    } finally {
      await receiver.close();
    }
  });

  test("?utm_source=%00 once a second does not stop real page views from being counted", async ({
    browser,
  }) => {
    server = await startServer(await freePort(), { DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
    const base = server.base;
    const hostile = () =>
      fetch(`${base}/?utm_source=%00`, {
        headers: { "User-Agent": DESKTOP_CHROME, "X-Forwarded-For": "10.66.0.1" },
      }).then((r) => expect(r.status).toBe(200));
    const timer = setInterval(() => void hostile().catch(() => {}), 1000);
    try {
      const context = await browser.newContext({
        baseURL: base,
        userAgent: DESKTOP_FIREFOX,
        extraHTTPHeaders: { "X-Forwarded-For": "10.66.0.2" },
      });
      const page = await context.newPage();
      hydrateOnNavigation(page);
      // Each real view shares its second (its batch) with a hostile one.
      for (const url of ["/pricing", "/blog", "/pricing"]) {
        await Promise.all([page.goto(url), hostile()]);
      }
      await context.close();

      const cookie = await adminCookie(base);
      const csv = async () =>
        (await (await fetch(`${base}/admin/analytics/export`, { headers: { cookie } })).text()).split("\r\n");
      const row = (lines: string[], item: string) => lines.find((line) => line.startsWith(`page,${item},`));
      // The real visitor's views are all there: /pricing twice (where they landed), /blog once.
      await expect
        .poll(async () => row(await csv(), "/pricing"), { timeout: 15_000 })
        .toMatch(/^page,\/pricing,1,2,/);
      const lines = await csv();
      expect(row(lines, "/blog")).toMatch(/^page,\/blog,0,1,/);
      // The hostile requests are counted too: a second visitor, landing on "/".
      expect(row(lines, "/")).toMatch(/^page,\/,1,\d+,/);
    } finally {
      clearInterval(timer);
    }
  });
});
