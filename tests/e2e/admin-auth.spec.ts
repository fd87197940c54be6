// Administrator sign-in (/admin-auth), the guard's redirects, global sign-out, two-factor sign-in, rate limits,
// and CSRF (the security headers: transport-security.spec.ts). The shared admin (E2E_ADMIN) is left as found: password only, 2FA off.
import { createHmac, randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { E2E_ADMIN, expect, failedResource, signInAsAdmin, test, uniqueIp } from "./support/fixtures";

const ONLY_ADMIN = "Unauthorized: Only the system admin can access this area";

function uniqueEmail(tag: string) {
  return `${tag}-${randomBytes(4).toString("hex")}@example.com`;
}

async function newClient(
  browser: Browser,
  baseURL: string | undefined,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
    ...options,
  });
  return { context, page: await context.newPage() };
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 key, as an authenticator app computes it. */
function totp(base32Key: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Key.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

test.describe("admin sign-in page", () => {
  test("is outside the public layout, not indexed, and does not reveal the admin email", async ({ page }) => {
    const response = await page.goto("/admin-auth");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const html = await page.content();
    expect(html).not.toContain(E2E_ADMIN.email);
    await expect(page.getByRole("link", { name: /forgot/i })).toHaveCount(0);
  });

  test("has no detectable accessibility violations", async ({ page }) => {
    await page.goto("/admin-auth");
    await expectNoAxeViolations(page);
  });

  test("show/hide password toggles the field", async ({ page }) => {
    await page.goto("/admin-auth");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("wrong credentials show 'Invalid email or password' and keep the email", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/admin-auth");
    await fillSignIn(page, E2E_ADMIN.email, "definitely-wrong");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
    consoleErrors.allow(failedResource(401));
  });

  test("a password under 6 characters is refused by the server too", async ({ request, baseURL }) => {
    const response = await request.post("/admin-auth", {
      form: { intent: "sign-in", email: E2E_ADMIN.email, password: "12345" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Password must be at least 6 characters");
  });

  test("success: 'Admin access granted', /admin, then 'Signed In' with Sign Out", async ({ page }) => {
    await page.goto("/admin-auth");
    await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Admin access granted")).toBeVisible();
    await page.goto("/admin-auth");
    await expect(page.getByRole("heading", { name: "Signed In" })).toBeVisible();
    await expect(page.getByText(E2E_ADMIN.email)).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin-auth$/);
    await expect(page.getByRole("status").filter({ hasText: "Signed out successfully" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin-auth$/);
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const { context, page } = await newClient(browser, baseURL, { javaScriptEnabled: false });
    try {
      await page.goto("/admin-auth");
      await fillSignIn(page, E2E_ADMIN.email, "wrong-password-nojs");
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
      await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin-auth");
      await expect(page.getByRole("heading", { name: "Signed In" })).toBeVisible();
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page.getByText("Signed out successfully")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("the guard sends visitors to /admin-auth and shows its denial message", async ({ page }) => {
    await page.goto("/admin/security");
    await expect(page).toHaveURL(/\/admin-auth$/);
    await page.goto("/admin-auth?denied=not-admin");
    await expect(page.getByRole("alert")).toHaveText(ONLY_ADMIN);
  });

  test("signing out in one browser ends the session in another", async ({ browser, baseURL }) => {
    const a = await newClient(browser, baseURL);
    const b = await newClient(browser, baseURL);
    try {
      await signInAsAdmin(a.page, baseURL ?? "");
      await signInAsAdmin(b.page, baseURL ?? "");
      await b.page.goto("/admin");
      await expect(b.page).toHaveURL(/\/admin$/);
      await a.page.goto("/admin");
      await a.page.getByRole("button", { name: "Logout" }).first().click();
      await expect(a.page).toHaveURL(/\/admin-auth$/);
      await expect(a.page.getByText("Signed out successfully")).toBeVisible();
      await b.page.goto("/admin");
      await expect(b.page).toHaveURL(/\/admin-auth$/);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

test.describe("brute-force limits", () => {
  test("per client address: the sixth attempt in a minute gets a 429 saying when to retry", async ({
    consoleErrors,
    page,
    baseURL,
  }) => {
    consoleErrors.allow(failedResource(429, "/admin-auth.data"));
    await page.goto("/admin-auth");
    // Five quick misses through the API from this test's own address, then one through the form.
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
        data: { email: uniqueEmail("ip-limit"), password: "wrong-password" },
        headers: { Origin: baseURL ?? "" },
      });
      expect(response.status()).toBe(401);
    }
    await fillSignIn(page, uniqueEmail("ip-limit"), "wrong-password");
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
  });

  test("guesses from many addresses never lock the owner out; the guessing address is slowed, not a known device behind it", async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    // Ten wrong passwords for the admin email, each from another address: nobody is slowed by them.
    for (let i = 0; i < 10; i++) {
      const client = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": uniqueIp(), Origin: base },
      });
      const response = await client.post("/api/auth/sign-in/email", {
        data: { email: E2E_ADMIN.email, password: `guess-${i}-wrong` },
      });
      expect(response.status()).toBe(401);
      await client.dispose();
    }

    // The owner's browser signs in at the office address (and becomes a known device), then signs out.
    const office = uniqueIp();
    const owner = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": office } });
    const elsewhere = await newClient(browser, baseURL);
    try {
      const page = await owner.newPage();
      await page.goto("/admin-auth");
      await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/admin$/);
      await page.getByRole("button", { name: "Logout" }).first().click();
      await expect(page).toHaveURL(/\/admin-auth$/);

      // Someone else behind the same office address guesses: the address is slowed (429 with when to retry).
      const guesser = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": office, Origin: base },
      });
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 10; i++) {
        const response = await guesser.post("/admin-auth", {
          form: { intent: "sign-in", email: E2E_ADMIN.email, password: `office-guess-${i}` },
          maxRedirects: 0,
        });
        statuses.push(response.status());
        if (response.status() === 429) retryAfter = response.headers()["retry-after"];
      }
      await guesser.dispose();
      // (The owner's own sign-in counted towards the address's 5 a minute too, so the wait may start one early.)
      expect(statuses[0]).toBe(401);
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);

      // The owner's known browser at that address still signs in with the right password…
      await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/admin$/);
      // …and so does any browser at another address.
      await elsewhere.page.goto("/admin-auth");
      await fillSignIn(elsewhere.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(elsewhere.page).toHaveURL(/\/admin$/);
    } finally {
      await owner.close();
      await elsewhere.context.close();
    }
  });

  test("a new browser at the guessing address waits, with 'Too many sign-in attempts'", async ({
    consoleErrors,
    page,
    playwright,
    baseURL,
    clientIp,
  }) => {
    consoleErrors.allow(failedResource(429, "/admin-auth.data"));
    const guesser = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp, Origin: baseURL ?? "" },
    });
    for (let i = 0; i < 5; i++) {
      const response = await guesser.post("/api/auth/sign-in/email", {
        data: { email: E2E_ADMIN.email, password: `same-address-${i}` },
      });
      expect(response.status()).toBe(401);
    }
    await guesser.dispose();
    await page.goto("/admin-auth");
    await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
  });
});

test.describe("password managed by ADMIN_PASSWORD", () => {
  test("the forgot page says the owner's password is set there; an old owner's token changes nothing", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/admin-auth/forgot");
    await expect(
      page.getByText(
        "The owner's password is set by the server's ADMIN_PASSWORD setting; change it there. Other members of the team can ask for a reset link here.",
      ),
    ).toBeVisible();
    // Whatever the address, the same answer: nothing tells a visitor whose account exists.
    const forgot = await request.post("/admin-auth/forgot", {
      form: { email: E2E_ADMIN.email },
      headers: { Origin: baseURL ?? "" },
    });
    expect(forgot.status()).not.toBe(409);
    expect(forgot.status()).toBeLessThan(500);
    // An unknown token is an invalid link, not the managed-password refusal.
    await page.goto("/admin-auth/reset?token=anything");
    await expect(page.getByText("change it there")).toHaveCount(0);
  });
});

test.describe("two-factor sign-in", () => {
  /** The admin's session while two-factor is on, to turn it off again whatever happens to the test. */
  let enabledFor: { baseURL: string; state: Awaited<ReturnType<BrowserContext["storageState"]>> } | null =
    null;
  // Leave the shared admin as other tests expect it, password only, even when the test failed or ran out of time:
  // afterAll runs when the worker ends (a failed test ends it) with a time of its own, so a retry starts from "Off".
  test.afterAll(async ({ playwright }) => {
    if (!enabledFor) return;
    const { baseURL, state } = enabledFor;
    const request = await playwright.request.newContext({ baseURL, storageState: state });
    try {
      await request.post("/api/auth/two-factor/disable", {
        data: { password: E2E_ADMIN.password },
        headers: { Origin: baseURL },
      });
      enabledFor = null;
    } finally {
      await request.dispose();
    }
  });

  test("enrol with QR/key, sign in with a code, a recovery code works once, disabling needs the password", async ({
    adminPage,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    // Many sign-ins and pages: on a slow machine it needs more than the usual time.
    test.slow();
    // The wrong password and codes it sends on purpose answer 400 and 401.
    consoleErrors.allow(failedResource(400), failedResource(401));
    const contexts: BrowserContext[] = [];
    try {
      await adminPage.goto("/admin/security");
      await expect(adminPage.getByTestId("two-factor-status")).toContainText("Off");
      await adminPage.getByLabel("Your password").fill("not-my-password");
      await adminPage.getByRole("button", { name: "Enable two-factor" }).click();
      await expect(adminPage.locator("#enable-password-error")).toHaveText("Incorrect password");

      await adminPage.getByLabel("Your password").fill(E2E_ADMIN.password);
      await adminPage.getByRole("button", { name: "Enable two-factor" }).click();
      await expect(adminPage.getByRole("img", { name: /QR code/ })).toBeVisible();
      const key = (await adminPage.getByTestId("totp-secret").textContent())?.trim() ?? "";
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      const recoveryCodes = (
        await adminPage.getByTestId("recovery-codes").locator("li").allTextContents()
      ).map((c) => c.trim());
      expect(recoveryCodes.length).toBeGreaterThanOrEqual(5);

      await adminPage.getByLabel("Authentication code").fill("000000" === totp(key) ? "111111" : "000000");
      await adminPage.getByRole("button", { name: "Confirm and enable" }).click();
      await expect(adminPage.locator("#code-error")).toContainText("Invalid code");
      await adminPage.getByLabel("Authentication code").fill(totp(key));
      enabledFor = { baseURL: baseURL ?? "", state: await adminPage.context().storageState() };
      await adminPage.getByRole("button", { name: "Confirm and enable" }).click();
      await expect(adminPage.getByText("Two-factor authentication enabled").first()).toBeVisible();
      enabledFor = { baseURL: baseURL ?? "", state: await adminPage.context().storageState() };
      await expect(adminPage.getByTestId("two-factor-status")).toContainText("On");

      // Sign in elsewhere: the password alone is not enough any more.
      const withCode = await newClient(browser, baseURL);
      contexts.push(withCode.context);
      await withCode.page.goto("/admin-auth");
      await fillSignIn(withCode.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(withCode.page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
      await withCode.page
        .getByLabel("Authentication code")
        .fill("123456" === totp(key) ? "654321" : "123456");
      await withCode.page.getByRole("button", { name: "Verify" }).click();
      await expect(withCode.page.getByRole("alert")).toContainText("Invalid code");
      await withCode.page.getByLabel("Authentication code").fill(totp(key));
      await withCode.page.getByRole("button", { name: "Verify" }).click();
      await expect(withCode.page).toHaveURL(/\/admin$/);

      // The code step works without JavaScript too.
      const noJs = await newClient(browser, baseURL, { javaScriptEnabled: false });
      contexts.push(noJs.context);
      await noJs.page.goto("/admin-auth");
      await fillSignIn(noJs.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(noJs.page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
      await noJs.page.getByLabel("Authentication code").fill(totp(key));
      await noJs.page.getByRole("button", { name: "Verify" }).click();
      await expect(noJs.page).toHaveURL(/\/admin$/);

      // A recovery code signs in once…
      const [recovery] = recoveryCodes;
      const withRecovery = await newClient(browser, baseURL);
      contexts.push(withRecovery.context);
      await withRecovery.page.goto("/admin-auth");
      await fillSignIn(withRecovery.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await withRecovery.page.getByText("Use a recovery code instead").click();
      await withRecovery.page.getByLabel("Recovery code").fill(recovery ?? "");
      await withRecovery.page.getByRole("button", { name: "Use recovery code" }).click();
      await expect(withRecovery.page).toHaveURL(/\/admin$/);

      // …and never again.
      const reuse = await newClient(browser, baseURL);
      contexts.push(reuse.context);
      await reuse.page.goto("/admin-auth");
      await fillSignIn(reuse.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await reuse.page.getByText("Use a recovery code instead").click();
      await reuse.page.getByLabel("Recovery code").fill(recovery ?? "");
      await reuse.page.getByRole("button", { name: "Use recovery code" }).click();
      await expect(reuse.page.getByRole("alert")).toHaveText("Invalid recovery code.");

      // Disabling needs the password.
      await adminPage.goto("/admin/security");
      await adminPage.getByLabel("Your password").fill("wrong-password-again");
      await adminPage.getByRole("button", { name: "Disable two-factor" }).click();
      await expect(adminPage.locator("#disable-password-error")).toHaveText("Incorrect password");
      await adminPage.getByLabel("Your password").fill(E2E_ADMIN.password);
      await adminPage.getByRole("button", { name: "Disable two-factor" }).click();
      await expect(adminPage.getByText("Two-factor authentication disabled").first()).toBeVisible();
      await expect(adminPage.getByTestId("two-factor-status")).toContainText("Off");
      enabledFor = null;
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
