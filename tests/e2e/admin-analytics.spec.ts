// The Analytics page end to end, on a server of its own with a fresh, empty database (SEED_DEMO=false), so every
// figure is exact: people visit as browsers (with UTM parameters, from a search engine, on a phone) and a crawler
// visits as a bot; one visitor sends the contact form. Once the batch is written (polled, about a second), the
// page shows exactly those visitors, views, sources and the conversion, its lists filter it, its CSV says the
// same, and the dashboard's traffic card agrees. No cookie comes from collection. Also: the empty state, keyboard
// use (range, custom range, filters, table disclosure, export), axe and the layout at 375 and 1280 px.
// (The same visitor on two days counting as two daily visitors needs a second day: app/models/analytics.int.test.ts.)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page, Response } from "@playwright/test";
import { ATTRIBUTION_COOKIE } from "../../app/lib/lead-schema";
import { freePort } from "../../scripts/free-port.ts";
import { DESKTOP_CHROME, DESKTOP_FIREFOX } from "../support/user-agents";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { adminCookie, type ServerProcess, startServer, stopServer } from "./support/server-process";
import { expectNoHorizontalScroll } from "./support/ui";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A production server's first start (migrations on a new embedded database) takes a while on a busy machine.
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-analytics-"));
  // Trusting the loopback proxy lets each simulated visitor be its own address (X-Forwarded-For).
  server = await startServer(await freePort(), { DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor's own browser: its address and user agent, every answer's Set-Cookie headers collected. */
async function visitorContext(browser: Browser, ip: string, userAgent: string) {
  const context = await browser.newContext({
    baseURL: server.base,
    userAgent,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  const setCookies: string[] = [];
  context.on("response", async (response: Response) => {
    const header = await response.headerValue("set-cookie").catch(() => null);
    if (header) setCookies.push(`${response.url()}: ${header}`);
  });
  return { context, setCookies };
}

/** A client-side navigation through the header, answered by its page-view beacon. */
async function navigate(page: Page, name: string) {
  const beacon = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/event");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
  expect((await beacon).status()).toBe(204);
}

/** A plain HTTP visit (no browser); collection must not answer with a cookie. */
async function fetchPage(url: string, headers: Record<string, string>) {
  const response = await fetch(`${server.base}${url}`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie()).toEqual([]);
}

function card(page: Page, label: string) {
  return page.getByTestId("stat-card").filter({ has: page.getByText(label, { exact: true }) });
}

/** A list's row by its first cell, as the cells' texts. */
async function row(page: Page, list: string, first: string) {
  const table = page.getByRole("table", { name: list });
  const cells = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^(Filter by \\w+: )?${first}$`) }) })
    .getByRole("cell");
  return cells.allInnerTexts();
}

test.describe("analytics page", () => {
  test.describe.configure({ timeout: 180_000 });

  test("shows exactly the visitors, views, sources and conversion of real visits, filters them and exports them", async ({
    browser,
    consoleErrors,
  }, testInfo) => {
    const admin = await browser.newContext({ baseURL: server.base });
    const adminPage = await admin.newPage();
    consoleErrors.watch(adminPage);
    await signInAsAdmin(adminPage, server.base);

    // Before any visit: the empty state, and the dashboard's traffic card says none.
    await adminPage.goto("/admin/analytics");
    await expect(adminPage.getByRole("heading", { name: "No visitors yet" })).toBeVisible();
    await expect(adminPage.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await expectNoAxeViolations(adminPage);
    await adminPage.goto("/admin");
    await expect(adminPage.getByTestId("traffic-card").getByRole("definition")).toHaveText(["0", "0", "0"]);
    await expect(adminPage.getByRole("img", { name: /Visitors per day, .*: none yet\./ })).toBeVisible();

    // Visitor A: lands from a newsletter campaign, reads pricing, then sends the contact form.
    const a = await visitorContext(browser, "10.77.0.1", DESKTOP_CHROME);
    const pageA = await a.context.newPage();
    consoleErrors.watch(pageA);
    await pageA.goto("/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring");
    await navigate(pageA, "Pricing");
    await navigate(pageA, "Contact");
    await pageA.getByLabel("Name *").fill("Ada Visitor");
    await pageA.getByLabel("Email *").fill("ada@example.com");
    await pageA.getByLabel("Interest *").selectOption("consulting");
    await pageA.getByLabel("Message *").fill("Please call me back.");
    await pageA.getByRole("button", { name: "Send Message" }).click();
    await expect(pageA.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
    // The only cookie is the lead attribution the page's own script writes; collection sets none.
    expect((await a.context.cookies()).map((c) => c.name)).toEqual([ATTRIBUTION_COOKIE]);
    expect(a.setCookies).toEqual([]);

    // Visitor B: comes from a Google search to the blog, in another browser.
    const b = await visitorContext(browser, "10.77.0.2", DESKTOP_FIREFOX);
    const pageB = await b.context.newPage();
    consoleErrors.watch(pageB);
    await pageB.goto("/blog", { referer: "https://www.google.com/search?q=asimov" });
    expect(b.setCookies).toEqual([]);

    // Visitor C: a phone, typing the address (direct), loading pricing twice.
    for (let i = 0; i < 2; i++) {
      await fetchPage("/pricing", { "User-Agent": IPHONE, "X-Forwarded-For": "10.77.0.3" });
    }
    // A crawler, with a campaign and a referrer: not counted.
    await fetchPage("/?utm_source=crawler&utm_campaign=botnet", {
      "User-Agent": GOOGLEBOT,
      "X-Forwarded-For": "10.77.0.4",
    });
    await fetchPage("/pricing", {
      "User-Agent": GOOGLEBOT,
      "X-Forwarded-For": "10.77.0.4",
      Referer: "https://www.bing.com/",
    });
    await Promise.all([a.context.close(), b.context.close()]);

    // The batch is written about a second later: poll the export until the visits are in.
    const cookie = await adminCookie(server.base);
    const period = async () => {
      const csv = await (
        await fetch(`${server.base}/admin/analytics/export`, { headers: { cookie } })
      ).text();
      return csv.split("\r\n").find((line) => line.startsWith("period,"));
    };
    await expect.poll(period, { timeout: 15_000 }).toMatch(/^period,\S+ to \S+,3,6,1,0\.3333$/);

    // The page: 3 visitors (A, B, C), 6 views (A 3, B 1, C 2), 1 lead, 33.3%; nothing before.
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto("/admin/analytics");
    await expect(card(adminPage, "Visitors")).toContainText("3");
    await expect(card(adminPage, "Page views")).toContainText("6");
    await expect(card(adminPage, "Leads")).toContainText("1");
    await expect(card(adminPage, "Conversion rate")).toContainText("33.3%");
    await expect(card(adminPage, "Visitors")).toContainText("Up from none in the previous 30 days");

    expect(await row(adminPage, "Top pages", "/pricing")).toEqual(["3", "1", "0", "0.0%"]);
    expect(await row(adminPage, "Top pages", "/")).toEqual(["1", "1", "1", "100.0%"]);
    expect(await row(adminPage, "Top pages", "/blog")).toEqual(["1", "1", "0", "0.0%"]);
    expect(await row(adminPage, "Top pages", "/contact")).toEqual(["1", "0", "0", "—"]);
    await expect(adminPage.getByRole("table", { name: "Top pages" }).getByRole("row")).toHaveCount(5);
    expect(await row(adminPage, "Sources", "newsletter")).toEqual(["1", "1", "100.0%"]);
    expect(await row(adminPage, "Sources", "google.com")).toEqual(["1", "0", "0.0%"]);
    expect(await row(adminPage, "Sources", "Direct")).toEqual(["1", "0", "0.0%"]);
    await expect(adminPage.getByRole("table", { name: "Sources" }).getByRole("row")).toHaveCount(4);
    expect(await row(adminPage, "Top referrers", "google.com")).toEqual(["1", "0", "0.0%"]);
    await expect(adminPage.getByRole("table", { name: "Top referrers" }).getByRole("row")).toHaveCount(2);
    expect(await row(adminPage, "UTM campaigns", "spring")).toEqual(["1", "1", "100.0%"]);
    expect(await row(adminPage, "UTM campaigns", "No campaign")).toEqual(["2", "0", "0.0%"]);
    expect(await row(adminPage, "Devices", "Desktop")).toEqual(["2", "4"]);
    expect(await row(adminPage, "Devices", "Mobile")).toEqual(["1", "2"]);
    await expect(adminPage.getByText(/crawler|botnet|bing\.com/)).toHaveCount(0);

    // The chart is drawn (recharts, loaded on demand) and its table says the same, for today.
    await expect(adminPage.getByTestId("traffic-chart").locator("svg.recharts-surface")).toBeVisible();
    const disclosure = adminPage.getByText("Show as table");
    await disclosure.focus();
    await adminPage.keyboard.press("Enter");
    const days = adminPage.getByRole("table", { name: /per day/ });
    await expect(days).toBeVisible();
    await expect(days.getByRole("row")).toHaveCount(31);
    expect(await days.getByRole("row").last().getByRole("cell").allInnerTexts()).toEqual([
      "3",
      "6",
      "1",
      "33.3%",
    ]);
    await expectNoAxeViolations(adminPage);
    await adminPage.screenshot({ path: testInfo.outputPath("analytics-1280.png"), fullPage: true });

    // Filter by a source from its list: in the URL, shown as a chip, figures narrowed, removable.
    await adminPage.getByRole("link", { name: "Filter by source: newsletter", exact: true }).click();
    await expect(adminPage).toHaveURL(/\/admin\/analytics\?source=newsletter$/);
    const chip = adminPage.getByRole("link", { name: "Remove filter Source: newsletter", exact: true });
    await expect(chip).toBeVisible();
    await expect(card(adminPage, "Visitors")).toContainText("1");
    await expect(card(adminPage, "Page views")).toContainText("1");
    await expect(card(adminPage, "Conversion rate")).toContainText("100.0%");
    expect(await row(adminPage, "Top pages", "/")).toEqual(["1", "1", "1", "100.0%"]);
    // A second filter, from another list, adds to the first.
    await adminPage.getByRole("link", { name: "Filter by page: /", exact: true }).click();
    await expect(adminPage).toHaveURL(/\?source=newsletter&page=%2F$/);
    await expect(adminPage.getByRole("link", { name: "Remove filter Page: /", exact: true })).toBeVisible();
    await chip.click();
    await expect(adminPage).toHaveURL(/\?page=%2F$/);
    await expect(card(adminPage, "Visitors")).toContainText("1");
    await adminPage.getByRole("link", { name: "Remove filter Page: /", exact: true }).click();
    await expect(adminPage).toHaveURL(/\/admin\/analytics$/);
    await expect(card(adminPage, "Visitors")).toContainText("3");
    // A device filter: leads carry no device, so they are unknown rather than zero.
    await adminPage.getByRole("link", { name: "Filter by device: Mobile", exact: true }).click();
    await expect(adminPage).toHaveURL(/\?device=mobile$/);
    await expect(card(adminPage, "Visitors")).toContainText("1");
    await expect(card(adminPage, "Leads")).toContainText("Leads record no device");
    await adminPage.getByRole("link", { name: "Remove filter Device: Mobile", exact: true }).click();
    await expect(adminPage).toHaveURL(/\/admin\/analytics$/);

    // Keyboard: a preset range, then a custom range, then the export.
    const nav = adminPage.getByRole("navigation", { name: "Date range" });
    await nav.getByRole("link", { name: "Today" }).focus();
    await adminPage.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "7 days" })).toBeFocused();
    await adminPage.keyboard.press("Enter");
    await expect(adminPage).toHaveURL(/\?range=7d$/);
    await expect(nav.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "true");
    await expect(card(adminPage, "Visitors")).toContainText("Up from none in the previous 7 days");
    for (let i = 0; i < 3; i++) await adminPage.keyboard.press("Tab");
    await expect(nav.locator("summary")).toBeFocused();
    await adminPage.keyboard.press("Enter");
    const from = adminPage.getByLabel("From", { exact: true });
    await expect(from).toBeVisible();
    await adminPage.keyboard.press("Escape");
    await expect(from).toBeHidden();
    await expect(nav.locator("summary")).toBeFocused();
    await adminPage.keyboard.press("Enter");
    // A start after the end is refused with a message (400) and the dates typed are kept.
    consoleErrors.allow(failedResource(400, "/admin/analytics.data"));
    await from.fill("2026-05-02");
    await adminPage.getByLabel("To", { exact: true }).fill("2026-05-01");
    await adminPage.getByLabel("To", { exact: true }).press("Enter");
    await expect(adminPage.locator("#range-error")).toHaveText(
      "The start date must be on or before the end date.",
    );
    await expect(from).toHaveValue("2026-05-02");
    await expect(from).toHaveAttribute("aria-invalid", "true");
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await from.fill(weekAgo);
    await adminPage.getByLabel("To", { exact: true }).fill(today);
    await adminPage.getByLabel("To", { exact: true }).press("Enter");
    await expect(adminPage).toHaveURL(new RegExp(`\\?from=${weekAgo}&to=${today}$`));
    await expect(card(adminPage, "Visitors")).toContainText("3");

    const exportLink = adminPage.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", `/admin/analytics/export?from=${weekAgo}&to=${today}`);
    await exportLink.focus();
    const download = adminPage.waitForEvent("download");
    await adminPage.keyboard.press("Enter");
    const file = await (await download).path();
    const csv = readFileSync(file, "utf8").split("\r\n");
    expect(csv[0]).toBe("section,item,visitors,views,leads,conversion_rate");
    expect(csv).toContain(`period,${weekAgo} to ${today},3,6,1,0.3333`);
    expect(csv).toContain("source,newsletter,1,1,1,1");
    expect(csv).toContain("referrer,google.com,1,1,0,0");
    expect(csv).toContain("device,Mobile,1,2,,");

    // 375 px: the lists stack, wide tables scroll inside their card, nothing scrolls the page sideways.
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await adminPage.goto("/admin/analytics");
    await expect(adminPage.getByTestId("traffic-chart").locator("svg.recharts-surface")).toBeVisible();
    await expectNoHorizontalScroll(adminPage);
    await expectNoAxeViolations(adminPage);
    await adminPage.screenshot({ path: testInfo.outputPath("analytics-375.png"), fullPage: true });

    // The dashboard: the last 30 days from the same roll-ups, and its sparkline's text alternative.
    await adminPage.goto("/admin");
    const traffic = adminPage.getByTestId("traffic-card");
    await expect(traffic.getByRole("definition")).toHaveText(["3", "6", "1"]);
    await expect(
      traffic.getByRole("img", { name: /Visitors per day, .*: 3 in all; the busiest day/ }),
    ).toBeVisible();
    await expectNoHorizontalScroll(adminPage);
    await expectNoAxeViolations(adminPage);
    await admin.close();
  });

  test("the export is for the administrator only, and refuses a range it cannot show", async () => {
    const anonymous = await fetch(`${server.base}/admin/analytics/export`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin-auth/);
    expect(await anonymous.text()).not.toContain("section,item");
    const cookie = await adminCookie(server.base);
    const refused = await fetch(`${server.base}/admin/analytics/export?from=2026-05-02&to=2026-05-01`, {
      headers: { cookie },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("The start date must be on or before the end date.");
  });
});
