// The Backups screen end to end, on a server of its own with BACKUP_DIR set: the owner sees the day's backup (made
// at start-up, verified), starts "Back up now" from the keyboard, follows it until it is verified, and downloads it
// (a gzip tar with manifest.json); an administrator has no Backups entry and gets a 403 for the screen and the
// download. At 1280 and 375 px, with axe; and the "backups are off" state on a server without BACKUP_DIR.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port.ts";
import { archiveEntries } from "../support/archive-entries";
import { axeViolations } from "./support/a11y";
import { EMPTY_URL, expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";
import { joinTeam } from "./support/team";
import { expectNoHorizontalScroll, tabTo, toast } from "./support/ui";

let server: ServerProcess;
let root = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  root = mkdtempSync(path.join(os.tmpdir(), "asimov-e2e-backups-"));
  server = await startServer(await freePort(), {
    DATA_DIR: path.join(root, "data"),
    BACKUP_DIR: path.join(root, "backups"),
    SITE_TIME_ZONE: "Europe/Berlin",
  });
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(root, { recursive: true, force: true });
});

/** Toasts fade in: axe would sample their colours mid-animation. */
const noViolations = async (page: Page) =>
  expect(await axeViolations(page, { exclude: "[data-sonner-toast]" })).toEqual([]);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Opens the screen once the backup made at start-up is verified (the server starts it in the background). */
async function openWithFirstBackup(page: Page) {
  await expect(async () => {
    await page.goto(`${server.base}/admin/backups`);
    await expect(page.getByTestId("backup-row").filter({ hasText: "Verified" }).first()).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 120_000 });
}

/** Back up now, from the keyboard, followed until the new archive is listed as verified. */
async function backUpNow(page: Page) {
  const rows = page.getByTestId("backup-row");
  const before = await rows.count();
  const button = page.getByRole("button", { name: "Back up now" });
  await tabTo(page, button);
  await page.keyboard.press("Enter");
  await expect(toast(page, "Backup started. The list shows its progress.")).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  // Most likely still under way (the verification restores the archive): the progress, for looking at.
  await shot(page, `backups-started-${page.viewportSize()?.width}`);
  await expect(toast(page, "Backup made and verified")).toBeVisible({ timeout: 120_000 });
  const newest = rows.first();
  await expect(newest).toContainText("Back up now");
  await expect(newest).toContainText("Verified");
  await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();
  return newest;
}

test("the owner backs up now, sees it verified and downloads it; an administrator is refused", async ({
  page,
  browser,
  consoleErrors,
}) => {
  consoleErrors.allow(failedResource(403));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, server.base);
  await openWithFirstBackup(page);
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Backups" })).toBeVisible();
  const first = page.getByTestId("backup-row").first();
  await expect(first).toContainText("Daily");
  await expect(first).toContainText(/\d+(\.\d)? (KB|MB)/);
  // The schedule, in the site's time zone.
  await expect(page.getByText("Every day at 03:00 (Europe/Berlin)")).toBeVisible();
  await noViolations(page);
  await shot(page, "backups-1280");

  const newest = await backUpNow(page);
  await noViolations(page);
  await shot(page, "backups-after-run-1280");

  // The download: the bytes are the archive, a gzip tar with its manifest.
  const link = newest.getByRole("link", { name: /^Download the backup of / });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^backup-.+-manual\.tar\.gz$/);
  const bytes = readFileSync((await download.path()) ?? "");
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  const entries = await archiveEntries(bytes);
  expect(entries).toContain("manifest.json");
  expect(entries).toContain("db/backup_runs.jsonl");
  const downloadUrl = await link.getAttribute("href");

  // An administrator: no Backups in the menu, and a 403 for the screen and the file.
  const administrator = await joinTeam(page, browser, {
    name: "Ada Admin",
    role: "administrator",
    width: 1280,
    base: server.base,
  });
  consoleErrors.watch(administrator.page);
  try {
    const guest = administrator.page;
    await expect(guest.getByRole("navigation").getByRole("link", { name: "Team" })).toBeVisible();
    await expect(guest.getByRole("navigation").getByRole("link", { name: "Backups" })).toHaveCount(0);
    const refused = await guest.goto(`${server.base}/admin/backups`);
    expect(refused?.status()).toBe(403);
    await expect(guest.getByText("Only the owner can do this.")).toBeVisible();
    await shot(guest, "backups-administrator-refused");
    const file = await guest.request.get(`${server.base}${downloadUrl}`);
    expect(file.status()).toBe(403);
    expect(await file.text()).not.toContain("manifest");
  } finally {
    await administrator.context.close();
  }
});

test("the Backups screen at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page, server.base);
  await openWithFirstBackup(page);
  await expectNoHorizontalScroll(page);
  await noViolations(page);
  const newest = await backUpNow(page);
  await expect(newest.getByRole("link", { name: /^Download the backup of / })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await noViolations(page);
  await shot(page, "backups-375");
});

test("says how to turn backups on when BACKUP_DIR is unset", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/backups`);
    const off = page.getByTestId("backups-off");
    await expect(off).toContainText("Scheduled backups are off");
    await expect(off).toContainText("BACKUP_DIR");
    await expect(page.getByRole("button", { name: "Back up now" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await noViolations(page);
    await shot(page, `backups-off-${width}`);
  }
});
