// A built form's captcha in Chromium, on a server of its own whose captcha checks go to a real local siteverify
// server (CAPTCHA_VERIFY_URL): an administrator saves Turnstile's keys under Integrations → Captcha (the secret is
// never shown again) and an editor ticks "Ask for a captcha" on a form, at phone and desktop width with axe. A page
// whose form asks for it carries the check's element, the provider's script and a CSP that allows the provider's
// hosts; a page with a form that does not ask carries none of it. The provider's widget itself cannot load on this
// machine (no internet): sending without its answer is refused beside the button, by the running form and by the
// server for a browser without JavaScript, and nothing is stored.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { type Siteverify, startSiteverify } from "../support/siteverify";
import { axeViolations } from "./support/a11y";
import { test as base, expect, failedResource } from "./support/fixtures";
import {
  adminCookie,
  adminPost,
  createOpenForm,
  type ServerProcess,
  startServer,
  stopServer,
} from "./support/server-process";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

const SECRET = "0x4AAAAAAAe2e-secret-key_never-shown";
const SITE_KEY = "0x4AAAAAAAe2e-site-key";
const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js";
const CLOUDFLARE = "https://challenges.cloudflare.com";
const CHECK_MESSAGE = "Please complete the check before sending.";

interface CaptchaServer {
  server: ServerProcess;
  provider: Siteverify;
}

const test = base.extend<object, { captchaServer: CaptchaServer }>({
  captchaServer: [
    async ({}, use) => {
      const provider = await startSiteverify(SECRET);
      const dataDir = mkdtempSync(nodePath.join(os.tmpdir(), "asimov-captcha-"));
      const server = await startServer(await freePort(), {
        DATA_DIR: dataDir,
        CAPTCHA_VERIFY_URL: provider.url,
      });
      await use({ server, provider });
      await stopServer(server);
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ captchaServer }, use) => use(captchaServer.server.base),
});

/** The provider's script cannot load here (no internet): Chromium logs that, and only that, on a captcha page. */
const PROVIDER_UNREACHABLE =
  /^Failed to load resource: net::ERR_[A-Z_]+ \[https:\/\/challenges\.cloudflare\.com\//;

/** A form with a name and an e-mail field, open, asking for the captcha or not; its id. */
function createForm(base: string, cookie: string, name: string, captcha: boolean): Promise<string> {
  const definition = {
    fields: [
      { type: "text", name: "name", label: "Name", required: true },
      { type: "email", name: "email", label: "Work e-mail", required: true },
    ],
    submitLabel: "Request a call",
    success: { kind: "message", message: "Thanks {name}!" },
  };
  return createOpenForm(base, cookie, name, definition, { captcha });
}

/** A published page at `path` with the Form block showing form `formId`. */
async function createPage(base: string, cookie: string, path: string, formId: string) {
  const page = {
    title: "Talk to sales",
    path,
    status: "published",
    blocks: [{ id: "call", type: "form", formId, heading: "Talk to sales", text: "" }],
  };
  await adminPost(base, cookie, "/admin/pages/new", { intent: "save", page: JSON.stringify(page) });
}

async function saveKeys(base: string, cookie: string) {
  await adminPost(base, cookie, "/admin/integrations", {
    intent: "captcha",
    provider: "turnstile",
    site_key: SITE_KEY,
    secret_key: SECRET,
  });
}

const policyOf = (header: string | undefined, directive: string) =>
  (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${directive} `)) ?? "";

async function fillForm(page: Page) {
  const form = page.getByRole("form", { name: "Talk to sales" });
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Work e-mail").fill("grace@navy.example");
  return form;
}

test.describe("the captcha of built forms", () => {
  for (const width of [375, 1280]) {
    test(`is set up under Integrations and asked for by a form, at ${width} px`, async ({
      adminPage: page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const cookie = await adminCookie(baseURL ?? "");
      const formId = await createForm(baseURL ?? "", cookie, `Sales call ${uniqueSuffix()}`, false);

      // The form editor says the captcha is not set up while no keys are saved (the first run; the second finds
      // them saved and goes on).
      await page.goto(`/admin/forms/${formId}`);
      const settings = page.getByRole("form", { name: "Form settings" });
      if (width === 375) await expect(settings.getByText(/Ask for a captcha: not set up yet/)).toBeVisible();

      await page.goto("/admin/integrations?tab=captcha");
      const card = page.getByRole("tabpanel", { name: "Captcha" });
      await card.getByLabel("Provider").selectOption("turnstile");
      await card.getByLabel("Site key").fill(SITE_KEY);
      await card.getByLabel("Secret key").fill(SECRET);
      await card.getByRole("button", { name: "Save captcha" }).click();
      await expect(toast(page, "Captcha keys saved")).toBeVisible();
      await expect(card.getByText(/^On: Cloudflare Turnstile\./)).toBeVisible();
      await expect(card.getByLabel("Secret key")).toHaveValue("");
      await expect(card.getByText(/A secret key is saved \(it is never shown\)/)).toBeVisible();
      await page.reload();
      await expect(card.getByLabel("Site key")).toHaveValue(SITE_KEY);
      await expect(card.getByLabel("Secret key")).toHaveValue("");
      expect(await page.content()).not.toContain(SECRET);
      expect(await axeViolations(page, { exclude: "[data-sonner-toaster]" })).toEqual([]);
      await expectNoHorizontalScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(`integrations-captcha-${width}.png`),
        fullPage: true,
      });

      await page.goto(`/admin/forms/${formId}`);
      const ask = settings.getByRole("checkbox", { name: "Ask for a captcha" });
      await expect(settings.getByText(/Visitors complete a Cloudflare Turnstile check/)).toBeVisible();
      await expect(ask).not.toBeChecked();
      await ask.check();
      await settings.getByRole("button", { name: "Save form" }).click();
      await expect(toast(page, "Form saved")).toBeVisible();
      await page.reload();
      await expect(ask).toBeChecked();
      expect(await page.content()).not.toContain(SECRET);
      expect(await axeViolations(page, { exclude: "[data-sonner-toaster]" })).toEqual([]);
      await expectNoHorizontalScroll(page);
      await ask.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`form-editor-captcha-${width}.png`) });
    });
  }

  test("a page whose form asks for it carries the check, the provider's script and its hosts in the CSP; another does not", async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    consoleErrors.allow(PROVIDER_UNREACHABLE);
    const base = baseURL ?? "";
    const cookie = await adminCookie(base);
    await saveKeys(base, cookie);
    const suffix = uniqueSuffix();
    const asking = await createForm(base, cookie, `Asks ${suffix}`, true);
    const plain = await createForm(base, cookie, `Plain ${suffix}`, false);
    await createPage(base, cookie, `/lp/captcha-${suffix}`, asking);
    await createPage(base, cookie, `/lp/plain-${suffix}`, plain);

    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/api\/forms\/[^/]+$/.test(r.url())) sent.push(r.url());
    });
    const answer = await page.goto(`/lp/captcha-${suffix}`);
    const csp = answer?.headers()["content-security-policy"];
    expect(policyOf(csp, "script-src")).toContain(CLOUDFLARE);
    expect(policyOf(csp, "script-src")).toContain("'strict-dynamic'");
    expect(policyOf(csp, "frame-src")).toContain(CLOUDFLARE);
    expect(policyOf(csp, "connect-src")).toBe(`connect-src 'self' ${CLOUDFLARE}`);
    const form = page.getByRole("form", { name: "Talk to sales" });
    // The running form took the plain one's place, with the check's element, and the provider's script is in.
    await expect(form).toHaveAttribute("data-live", "");
    await expect(form.locator('[data-captcha-provider="turnstile"]')).toHaveCount(1);
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(1);
    expect(await page.content()).not.toContain(SECRET);

    // Without the check's answer (the widget cannot load here) the running form says so beside its button.
    await fillForm(page);
    await form.getByRole("button", { name: "Request a call" }).click();
    const refusal = form.getByRole("alert").filter({ hasText: CHECK_MESSAGE });
    await expect(refusal).toBeVisible();
    await expect(form.getByLabel("Work e-mail")).toHaveValue("grace@navy.example");
    expect(sent).toEqual([]);
    expect(await axeViolations(page, { exclude: "[data-sonner-toaster]" })).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await form.screenshot({ path: testInfo.outputPath(`captcha-form-refused-${width}.png`) });
    }

    // A page whose form does not ask: no element, no script, no provider host in its policy.
    const other = await page.goto(`/lp/plain-${suffix}`);
    const otherCsp = other?.headers()["content-security-policy"] ?? "";
    expect(otherCsp).toContain("script-src 'self'");
    expect(otherCsp).not.toContain("cloudflare");
    await expect(page.getByRole("form", { name: "Talk to sales" })).toHaveAttribute("data-live", "");
    await expect(page.locator("[data-captcha-provider]")).toHaveCount(0);
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(0);
    const home = await page.goto("/");
    expect(home?.headers()["content-security-policy"] ?? "").not.toContain("cloudflare");
    await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(0);

    // Without JavaScript the plain form posts; the server refuses it the same way and stores nothing.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
    const plainPage = await noScript.newPage();
    consoleErrors.allow(failedResource(400, `/api/forms/${asking}`));
    consoleErrors.watch(plainPage);
    await plainPage.goto(`/lp/captcha-${suffix}`);
    await expect(plainPage.locator(".cf-turnstile[data-sitekey]")).toHaveCount(1);
    await fillForm(plainPage);
    const [posted] = await Promise.all([
      plainPage.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/forms/")),
      plainPage.getByRole("button", { name: "Request a call" }).click(),
    ]);
    expect(posted.status()).toBe(400);
    await expect(plainPage.getByRole("alert")).toHaveText(CHECK_MESSAGE);
    await expect(plainPage.getByRole("link", { name: "Back to the form" })).toHaveAttribute(
      "href",
      `/lp/captcha-${suffix}`,
    );
    await noScript.close();
    const exported = await page.request.get(`/admin/forms/${asking}/export`, { headers: { cookie } });
    expect(exported.status()).toBe(200);
    expect((await exported.text()).trim().split("\n")).toHaveLength(1);
  });
});
