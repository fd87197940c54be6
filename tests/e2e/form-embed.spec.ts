// A built form on another website (ADR 058), in Chromium, that website being a second HTTP server on another
// origin (http://127.0.0.1:<port>, the app being http://localhost:<port>) serving a plain page with the snippet the
// form's screen gives. Listed: a visitor fills the embedded form (its frame following its height), the submission
// reaches the form's submissions with the partner's page, and the funnel counts it there; without JavaScript the
// frame's plain form sends too. Not listed: the browser refuses the frame, a post from that page is refused and
// nothing is stored; and taking a site off the list reaches the cached embed page at once. axe inside the frame;
// screenshots at 375 and 1280 px.
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { ATTRIBUTION_COOKIE } from "../../app/lib/lead-schema";
import { freePort } from "../../scripts/free-port.ts";
import { DESKTOP_CHROME } from "../support/user-agents";
import { expectNoAxeViolations } from "./support/a11y";
import { contextWithoutHydration, expect, failedResource, test, uniqueIp } from "./support/fixtures";
import { adminCookie, adminPost, newOpenForm } from "./support/server-process";
import { tabTo, toast, uniqueSuffix } from "./support/ui";

/** Another website: one page with the snippet, on 127.0.0.1 and a port of its own. */
async function partnerSite(
  snippet: string,
): Promise<{ origin: string; page: string; close(): Promise<void> }> {
  const port = await freePort();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner launch</title><link rel="icon" href="data:,"></head><body style="font-family:system-ui,sans-serif;margin:0 auto;max-width:42rem;padding:1rem"><main><h1>Partner launch event</h1><p>Ask us for a call below.</p>${snippet}<p>Footer text of the partner's page.</p></main></body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/partner.html")) res.writeHead(200, { "Content-Type": "text/html" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    page: `${origin}/partner.html?ref=mail`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const FIELDS = {
  fields: [
    { type: "text", name: "name", label: "Name", required: true },
    { type: "email", name: "work_email", label: "Work e-mail", required: true },
    { type: "textarea", name: "message", label: "What should we talk about?" },
  ],
  submitLabel: "Request a call",
  success: { kind: "message", message: "Thanks {name}, we will call you." },
};

/** Chromium's console line for a frame its CSP's frame-ancestors does not allow. */
const REFUSED_FRAME =
  /^Framing 'http:\/\/localhost:\d+\/' violates the following Content Security Policy directive: "frame-ancestors [^"]*"\. The request has been blocked\./;

/** The browser's refusal of the embed frame on `page` (its CSP names other sites), logged on the page's console. */
const refusedFrame = (page: Page) =>
  page.waitForEvent("console", (message) => REFUSED_FRAME.test(message.text()));

/** Saves the form's screen with these sites listed (the textarea, one per line) and waits for the toast. */
async function listSites(page: Page, sites: string[]) {
  await page.getByLabel("Sites that may embed this form").fill(sites.join("\n"));
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(toast(page, "Form saved")).toBeVisible();
}

test("a form embedded on a listed site is filled and stored; an unlisted site gets no form and stores nothing", async ({
  adminPage: page,
  baseURL,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL ?? "";
  const name = `Partner call ${uniqueSuffix()}`;
  const cookie = await adminCookie(base, { "X-Forwarded-For": uniqueIp() });
  const created = await adminPost(base, cookie, "/admin/forms/new", newOpenForm(name, FIELDS));
  const formPath = created.headers.get("location") ?? "";
  const formId = formPath.split("/").at(-1) ?? "";
  expect(formPath).toBe(`/admin/forms/${formId}`);

  // The form's screen: the snippet to copy from the keyboard, the sites to list.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await page.goto(formPath);
  const snippet = await page.getByLabel("Embed snippet").inputValue();
  expect(snippet).toContain(`<script src="${base}/embed/forms.js" data-form="${formId}"`);
  expect(snippet).toContain(`<noscript><iframe src="${base}/embed/forms/${formId}"`);
  await expect(page.getByText("No other site is listed yet")).toBeVisible();
  const copy = page.getByRole("button", { name: "Copy snippet" });
  await tabTo(page, copy);
  await page.keyboard.press("Enter");
  await expect(toast(page, "Snippet copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  const partner = await partnerSite(snippet);
  const stranger = await partnerSite(snippet);
  try {
    // A page, not a site: refused beside the field (400), everything kept.
    consoleErrors.allow(failedResource(400, `${formPath}.data`));
    await page.getByLabel("Sites that may embed this form").fill(`${partner.origin}/partner.html`);
    await page.getByRole("button", { name: "Save form" }).click();
    await expect(page.getByText(`${partner.origin}/partner.html names a page`)).toBeVisible();
    await expect(page.getByLabel("Sites that may embed this form")).toHaveValue(
      `${partner.origin}/partner.html`,
    );
    await listSites(page, [partner.origin]);
    await expect(page.getByText(`It shows on ${partner.origin}`)).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByRole("heading", { name: "Put this form on another website" })
        .locator("xpath=ancestor::div[contains(@class,'p-4')][1]")
        .screenshot({ path: testInfo.outputPath(`embed-card-${width}.png`) });
      await page.screenshot({ path: testInfo.outputPath(`form-screen-${width}.png`), fullPage: true });
    }

    // The embed page answers with the listed site in its frame-ancestors and no X-Frame-Options, cached.
    const embedUrl = `${base}/embed/forms/${formId}`;
    const first = await fetch(embedUrl);
    const again = await fetch(embedUrl);
    expect(again.headers.get("x-cache")).toBe("HIT");
    for (const answer of [first, again]) {
      expect(answer.headers.get("content-security-policy")).toContain(
        `frame-ancestors 'self' ${partner.origin}`,
      );
      expect(answer.headers.get("x-frame-options")).toBeNull();
    }
    // Nothing of the public site's own around the form: no consent or attribution script, no scroll restoration.
    const embedHtml = await first.text();
    for (const absent of [ATTRIBUTION_COOKIE, "react-router-scroll-positions"])
      expect(embedHtml).not.toContain(absent);
    // (The inlined stylesheet names the banner's attribute; no element carries it.)
    expect(embedHtml).not.toMatch(/<[a-z]+\b[^>]*\sdata-consent-banner/);
    // Every other page still refuses every frame.
    const home = await fetch(`${base}/`);
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    // A visitor on the partner's page.
    const visitors = await browser.newContext({
      userAgent: DESKTOP_CHROME,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
    });
    const visitor = await visitors.newPage();
    consoleErrors.watch(visitor);
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.goto(partner.page);
    const frameElement = visitor.locator("iframe[title='Form']");
    const frame = visitor.frameLocator("iframe[title='Form']");
    await expect(frame.locator("form[data-built-form][data-live]")).toBeVisible();
    // The frame takes the form's height (it starts at 480 px).
    const heights = () =>
      Promise.all([
        frameElement.evaluate((el) => Math.round(el.getBoundingClientRect().height)),
        frame.locator("main").evaluate((el) => (el as HTMLElement).offsetHeight),
      ]);
    await expect.poll(async () => new Set(await heights()).size).toBe(1);
    // The embed page carries the site's form and nothing of the public site around it.
    await expect(frame.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await expect(frame.locator("header, footer")).toHaveCount(0);
    await expectNoAxeViolations(visitor);
    await frame.getByLabel("Name *").fill("Ada");
    await frame.getByLabel("Work e-mail *").fill("not-an-address");
    await frame.getByLabel("What should we talk about?").fill("Forecasting for our partners.");
    await frame.getByRole("button", { name: "Request a call" }).click();
    await expect(frame.getByLabel("Work e-mail *")).toBeFocused();
    // Said above the button, not in a toast that would cover the form in a frame as tall as it.
    await expect(frame.getByText("Please check the highlighted fields.")).toBeVisible();
    await expect(frame.locator("[data-sonner-toast]")).toHaveCount(0);
    for (const width of [375, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await expect.poll(async () => new Set(await heights()).size).toBe(1);
      await visitor.screenshot({ path: testInfo.outputPath(`partner-page-${width}.png`), fullPage: true });
    }
    await frame.getByLabel("Work e-mail *").fill("ada@partner-customer.example");
    await frame.getByRole("button", { name: "Request a call" }).click();
    await expect(
      frame.getByRole("status").filter({ hasText: "Thanks Ada, we will call you." }),
    ).toBeVisible();
    for (const width of [375, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await expect.poll(async () => new Set(await heights()).size).toBe(1);
      await visitor.screenshot({
        path: testInfo.outputPath(`partner-page-sent-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoAxeViolations(visitor);

    // The submission is the form's, from the partner's page; the funnel counts the view, start and send there.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(formPath);
    const submission = page.getByTestId("form-submission");
    await expect(submission).toHaveCount(1);
    await expect(submission).toContainText("ada@partner-customer.example");
    await expect(submission).toContainText(`${partner.origin}/partner.html?ref=mail`);
    await expect(page.getByTestId("form-funnel").locator("dd")).toHaveText(["1", "1", "1"]);
    await expect(page.getByRole("region", { name: "Funnel by page" })).toContainText(
      `${partner.origin}/partner.html`,
    );

    // Without JavaScript the snippet's plain frame shows the form, and its answer stays in the frame.
    const plainContext = await contextWithoutHydration(browser, {
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
    });
    const plain = await plainContext.newPage();
    consoleErrors.watch(plain);
    await plain.goto(partner.page);
    const plainFrame = plain.frameLocator("iframe[title='Form']");
    await plainFrame.getByLabel("Name *").fill("Bo");
    await plainFrame.getByLabel("Work e-mail *").fill("bo@partner-customer.example");
    await plainFrame.getByRole("button", { name: "Request a call" }).click();
    await expect(plainFrame.getByRole("status")).toHaveText("Thanks Bo, we will call you.");
    await plainContext.close();

    // An unlisted site: the browser refuses the frame, and a post from its page is refused, nothing stored.
    consoleErrors.allow(REFUSED_FRAME);
    consoleErrors.allow(failedResource(403, `/api/forms/${formId}`));
    const outsider = await visitors.newPage();
    consoleErrors.watch(outsider);
    let refusal = refusedFrame(outsider);
    await outsider.goto(stranger.page);
    await refusal;
    await expect(outsider.frameLocator("iframe[title='Form']").locator("form")).toHaveCount(0);
    const posted = await outsider.evaluate(
      async ({ url }) => {
        const body = new URLSearchParams({ name: "Eve", work_email: "eve@elsewhere.example" });
        const response = await fetch(url, { method: "POST", body, mode: "no-cors" });
        return response.type;
      },
      { url: `${base}/api/forms/${formId}` },
    );
    expect(posted).toBe("opaque");
    const direct = await page.request.post(`${base}/api/forms/${formId}`, {
      form: { name: "Eve", work_email: "eve@elsewhere.example" },
      headers: { Origin: stranger.origin, Accept: "application/json" },
    });
    expect(direct.status()).toBe(403);
    expect(await direct.json()).toEqual({
      ok: false,
      message: `This form does not accept submissions from ${stranger.origin}: that site is not on the form's list of sites that may embed it.`,
    });
    await page.reload();
    await expect(page.getByTestId("form-submission")).toHaveCount(2);
    await expect(page.getByTestId("form-submission").filter({ hasText: "eve@" })).toHaveCount(0);

    // The embed page on its own (as axe sees it outside any frame) is clean too.
    const alone = await visitors.newPage();
    consoleErrors.watch(alone);
    await alone.goto(embedUrl);
    await expect(alone.locator("form[data-built-form][data-live]")).toBeVisible();
    await expectNoAxeViolations(alone);
    await alone.close();

    // Taking the partner off the list reaches the cached embed page at once: its frame is refused too.
    await listSites(page, []);
    const after = await fetch(embedUrl);
    expect(after.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'(;|$)/);
    refusal = refusedFrame(visitor);
    await visitor.goto(partner.page);
    await refusal;
    await expect(visitor.frameLocator("iframe[title='Form']").locator("form")).toHaveCount(0);
    await visitors.close();
  } finally {
    await partner.close();
    await stranger.close();
  }
});
