// The time trap in a real browser (issue #12): the contact form measures how long it was usable before it was
// sent; sent at machine speed it gets the usual success message and nothing is stored, sent at a person's pace it
// is stored. A server of its own keeps the product's 2 s threshold (the shared test servers turn it off).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { expect, test } from "./support/fixtures";
import { adminCookie, startServer, stopServer } from "./support/server-process";

async function send(page: Page, email: string, pause: number) {
  await page.getByLabel("Name *").fill("Timed Visitor");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Interest *").selectOption("sales-automation");
  await page.getByLabel("Message *").fill("Sent to test the time trap.");
  // A person reads and types for a while; a bot does not.
  if (pause) await page.waitForTimeout(pause);
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads"));
  await page.getByRole("button", { name: "Send Message" }).click();
  const body = (await request).postData() ?? "";
  const elapsed = Number(/name="form_elapsed_ms"\r\n\r\n(\d+)/.exec(body)?.[1]);
  await expect(
    page.getByText("Thank you for your message! We'll get back to you soon.").first(),
  ).toBeVisible();
  return elapsed;
}

test("a contact form sent within 2 s looks successful but is not stored; a slower one is", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-timetrap-"));
  const server = await startServer(await freePort(), { DATA_DIR: dataDir, LEAD_MIN_FILL_MS: "2000" });
  try {
    await page.goto(`${server.base}/contact`);
    await page.waitForLoadState("networkidle");
    expect(await send(page, "fast-bot@example.com", 0)).toBeLessThan(2000);
    await page.goto(`${server.base}/contact`);
    await page.waitForLoadState("networkidle");
    expect(await send(page, "patient-person@example.com", 2500)).toBeGreaterThanOrEqual(2000);

    const csv = await (
      await fetch(`${server.base}/admin/contacts/export/contacts`, {
        headers: { cookie: await adminCookie(server.base) },
      })
    ).text();
    expect(csv).toContain("patient-person@example.com");
    expect(csv).not.toContain("fast-bot@example.com");
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
