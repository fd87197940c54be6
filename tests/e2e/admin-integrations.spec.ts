// /admin/integrations end to end. On the shared server (no SMTP, private receivers refused): the "mail is off"
// notice, a refused form that keeps its input, the SSRF refusal, accessibility at 375 and 1280 px, keyboard only.
// On a server of its own (real SMTP server, a node:http receiver, WEBHOOK_ALLOW_PRIVATE): add an endpoint, see
// the secret once, send a test event, see it in the delivery log, resend it, rotate, turn off and delete.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { freePort } from "../../scripts/free-port.ts";
import { hookHeaders, startReceiver, startSmtp } from "../support/receivers";
import { axeViolations } from "./support/a11y";
import { expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { startServer, stopServer } from "./support/server-process";
import { expectNoHorizontalScroll, toast } from "./support/ui";

const axe = (page: Page) => axeViolations(page, { exclude: "[data-sonner-toaster]" });

async function addEndpoint(page: Page, url: string) {
  await page.getByRole("tab", { name: "Webhooks" }).click();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Endpoint URL").fill(url);
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  return dialog;
}

test.describe("admin integrations", () => {
  test("says mail is off, keeps a refused form's input, refuses private webhook URLs", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    // Both refusals are 400 answers on purpose.
    consoleErrors.allow(failedResource(400, "/admin/integrations.data"));
    await page.goto("/admin/integrations");
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
    await expect(page.getByText(/Mail is off/)).toBeVisible();
    await expect(page.getByText("SMTP_URL").first()).toBeVisible();

    await page.getByLabel("Recipients").fill("sales@example.com, not-an-address");
    await page.getByRole("button", { name: "Save notifications" }).click();
    await expect(page.getByText("Enter e-mail addresses separated by commas")).toBeVisible();
    await expect(page.getByLabel("Recipients")).toHaveValue("sales@example.com, not-an-address");
    await page.getByLabel("Recipients").fill("sales@example.com");
    await page.getByRole("button", { name: "Save notifications" }).click();
    await expect(toast(page, "Lead notifications saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Recipients")).toHaveValue("sales@example.com");

    const dialog = await addEndpoint(page, "http://169.254.169.254/latest/meta-data");
    await expect(dialog.getByText(/private or internal address/)).toBeVisible();
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue("http://169.254.169.254/latest/meta-data");
  });

  for (const width of [375, 1280]) {
    test(`has no accessibility violations at ${width} px and works by keyboard`, async ({
      adminPage: page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/integrations");
      await expect(page.getByRole("heading", { name: "Lead notifications" })).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
      // Keyboard: arrow keys move between the tabs, Enter opens the dialog, Escape closes it.
      await page.getByRole("tab", { name: "Lead notifications" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveAttribute("aria-selected", "true");
      expect(await axe(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
      await page.getByRole("button", { name: "Add endpoint" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByLabel("Endpoint URL")).toBeFocused();
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
    });
  }

  test("delivers a signed test event, logs it, resends, rotates and deletes", async ({ page }) => {
    test.setTimeout(180_000);
    const smtp = await startSmtp();
    const receiver = await startReceiver();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-integrations-"));
    const server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE: "true",
    });
    try {
      await signInAsAdmin(page, server.base);
      await page.goto(`${server.base}/admin/integrations`);
      await expect(page.getByText(/Mail is off/)).toHaveCount(0);

      const dialog = await addEndpoint(page, receiver.url);
      await expect(dialog.getByRole("heading", { name: "Endpoint added" })).toBeVisible();
      const secret = await dialog.getByLabel("Signing secret", { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(page.getByText(secret)).toHaveCount(0);

      const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
      await endpoint.getByRole("button", { name: "Send test event" }).click();
      await expect(toast(page, "Test event queued")).toBeVisible();
      await expect.poll(() => receiver.hooks.length).toBe(1);
      const [hook] = receiver.hooks;
      if (!hook) throw new Error("no hook");
      expect(new Webhook(secret).verify(hook.body, hookHeaders(hook))).toMatchObject({
        type: "webhook.test",
      });

      await page.reload();
      await page.getByRole("tab", { name: "Webhooks" }).click();
      await endpoint.getByText(/Delivery log/).click();
      await expect(endpoint.getByText("delivered")).toBeVisible();
      await expect(endpoint.getByText(/HTTP 200/)).toBeVisible();
      await endpoint.getByRole("button", { name: /Resend/ }).click();
      await expect(toast(page, "Delivery queued again")).toBeVisible();
      await expect.poll(() => receiver.hooks.length).toBe(2);
      expect(receiver.hooks[1]?.headers["webhook-id"]).toBe(hook.headers["webhook-id"]);

      await endpoint.getByRole("button", { name: "Rotate secret" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Rotate" }).click();
      const rotated = await endpoint.getByLabel("Signing secret", { exact: true }).inputValue();
      expect(rotated).not.toBe(secret);

      await endpoint.getByRole("switch").click();
      await expect(toast(page, "Endpoint turned off")).toBeVisible();
      await endpoint.getByRole("button", { name: `Delete ${receiver.url}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Endpoint deleted")).toBeVisible();
      await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
    } finally {
      await stopServer(server);
      await receiver.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
