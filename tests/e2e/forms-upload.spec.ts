// A form with a file field, as a marketer builds it and visitors use it: a two-step job application whose first
// step takes a CV (PDF, up to 2 MB), placed on a page. At phone and desktop width a visitor picks a program first
// (refused at once, by its name), then a web page renamed .pdf (it passes the browser and is refused by the server,
// which reads its bytes: the message at the field, everything else kept), goes to step 2 and back with the file still
// chosen, and sends a real PDF. A file chosen before the form's script has loaded is carried into the running
// form; without JavaScript the plain form sends its file too. The team downloads the file
// from the person view and the form's submissions (an attachment, nosniff, sandboxed); a visitor cannot.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { exeBytes, htmlBytes, pdfBytes } from "../support/sample-files";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test, uniqueIp } from "./support/fixtures";
import { addField, newForm, placeOnPage } from "./support/forms";
import { toast, uniqueSuffix } from "./support/ui";

const REFUSED = "This file type is not accepted here.";

/** A file for an input: its name, type and bytes. */
const upload = (name: string, mimeType: string, bytes: Uint8Array) => ({
  name,
  mimeType,
  buffer: Buffer.from(bytes),
});

/** The name of the file a file input holds now. */
const chosen = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((input) => (input as HTMLInputElement).files?.[0]?.name ?? "");

test("a job application with a CV: checked in the browser and by its bytes on the server, kept across steps, downloaded by the team", async ({
  adminPage: page,
  browser,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const name = `Job application ${suffix}`;
  await newForm(page, name);
  let panel = await addField(page, "text", "Name");
  await panel.getByLabel("Required", { exact: true }).check();
  panel = await addField(page, "email", "E-mail");
  await panel.getByLabel("Required", { exact: true }).check();
  panel = await addField(page, "file", "Your CV");
  await panel.getByLabel("Required", { exact: true }).check();
  await panel.getByLabel("Help text").fill("Your CV as one file.");
  await expect(panel.getByLabel("PDF")).toBeChecked();
  await expect(panel.getByLabel("Images (PNG, JPEG, WebP)")).not.toBeChecked();
  await panel.getByLabel(/^Largest file/).fill("2");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`file-field-settings-${width}.png`) });
  }
  await addField(page, "step", "About you");
  await addField(page, "textarea", "Anything else?");
  await page.getByLabel("Message", { exact: true }).fill("Thanks {name}, we have {your_cv}.");
  await page.getByLabel("Button", { exact: true }).fill("Apply");
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(toast(page, "Form created")).toBeVisible();
  const formId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const path = `/lp/jobs-${suffix}`;
  await placeOnPage(page, name, path, "Apply for the job");

  const cvBytes = pdfBytes(`CV ${suffix}`);
  for (const width of [375, 1280]) {
    const email = `ada-${width}-${suffix}@analytical.example`;
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
    });
    const visitor = await context.newPage();
    consoleErrors.watch(visitor);
    // The server's refusal of the renamed page is a 400 the browser logs.
    consoleErrors.allow(failedResource(400, `/api/forms/${formId}`));
    await visitor.goto(path);
    await expect(visitor.locator("form[data-built-form][data-live]")).toBeVisible();
    await expect(visitor.locator("form[data-built-form]")).toHaveAttribute("enctype", "multipart/form-data");
    const cv = visitor.getByLabel("Your CV *");
    await expect(cv).toHaveAttribute("accept", ".pdf,application/pdf");
    await expect(cv).toHaveAccessibleDescription(/Your CV as one file\.\s*PDF\. Up to 2 MB\./);
    await visitor.getByLabel("Name *").fill("Ada Lovelace");
    await visitor.getByLabel("E-mail *").fill(email);

    // A program, by its name: refused at once, nothing sent.
    await cv.setInputFiles(upload("setup.exe", "application/x-msdownload", exeBytes()));
    await expect(cv).toHaveAccessibleDescription(new RegExp(REFUSED.replace(".", "\\.")));
    // A web page named .pdf passes the browser's check; on to step 2 and back, the file still chosen.
    await cv.setInputFiles(upload("cv.pdf", "application/pdf", htmlBytes()));
    await expect(visitor.getByText(REFUSED)).toHaveCount(0);
    await visitor.getByRole("button", { name: "Next" }).click();
    await expect(visitor.getByText("Step 2 of 2: About you")).toBeVisible();
    await visitor.getByLabel("Anything else?").fill("I can start in May.");
    await visitor.getByRole("button", { name: "Back" }).click();
    await expect(visitor.getByLabel("Name *")).toHaveValue("Ada Lovelace");
    expect(await chosen(visitor, "Your CV *")).toBe("cv.pdf");
    await visitor.getByRole("button", { name: "Next" }).click();
    await visitor.getByRole("button", { name: "Apply" }).click();

    // The server read its bytes: back on step 1, the message at the field, everything else kept.
    await expect(visitor.getByText("Step 1 of 2")).toBeVisible();
    await expect(cv).toHaveAccessibleDescription(new RegExp(REFUSED.replace(".", "\\.")));
    await expect(cv).toHaveAttribute("aria-invalid", "true");
    await expect(cv).toBeFocused();
    await expect(visitor.getByLabel("Name *")).toHaveValue("Ada Lovelace");
    await expect(visitor.getByLabel("E-mail *")).toHaveValue(email);
    expect(await chosen(visitor, "Your CV *")).toBe("cv.pdf");
    await visitor
      .locator("form[data-built-form]")
      .screenshot({ path: testInfo.outputPath(`file-refused-${width}.png`) });
    await expectNoAxeViolations(visitor);

    // The real CV: sent, and the answer names it.
    await cv.setInputFiles(upload("Ada Lovelace CV.pdf", "application/pdf", cvBytes));
    await expect(visitor.getByText(REFUSED)).toHaveCount(0);
    await visitor.getByRole("button", { name: "Next" }).click();
    await expect(visitor.getByLabel("Anything else?")).toHaveValue("I can start in May.");
    await visitor.getByRole("button", { name: "Apply" }).click();
    await expect(
      visitor.getByRole("status").filter({ hasText: "Thanks Ada Lovelace, we have Ada Lovelace CV.pdf." }),
    ).toBeVisible();

    // A visitor cannot fetch it: the download is the team's.
    const href = `/admin/forms/files/00000000-0000-4000-8000-000000000000/your_cv`;
    const refused = await context.request.get(`${baseURL}${href}`, { maxRedirects: 0 });
    expect(refused.status()).not.toBe(200);
    await context.close();
  }

  // A file chosen in the plain form before the running form's code has loaded goes over into the running form.
  const early = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() } });
  const quick = await early.newPage();
  let release = () => {};
  const chosenFirst = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The built form's chunk (the one that renders data-built-form) is held back until the file is chosen.
  await quick.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("data-built-form")) await chosenFirst;
    await route.fulfill({ response, body });
  });
  await quick.goto(path, { waitUntil: "domcontentloaded" });
  await quick.locator("form[data-built-form]").evaluate((f) => f.setAttribute("data-plain", ""));
  await quick
    .getByLabel("Your CV *")
    .setInputFiles(upload("early.pdf", "application/pdf", pdfBytes("Early")));
  release();
  await expect(quick.locator("form[data-built-form][data-live]")).toBeVisible();
  await expect(quick.locator("form[data-plain]")).toHaveCount(0);
  expect(await chosen(quick, "Your CV *")).toBe("early.pdf");
  await quick.getByLabel("Name *").fill("Mary Somerville");
  await quick.getByLabel("E-mail *").fill(`mary-${suffix}@example.com`);
  await quick.getByRole("button", { name: "Next" }).click();
  await quick.getByRole("button", { name: "Apply" }).click();
  await expect(quick.getByRole("status").filter({ hasText: "we have early.pdf." })).toBeVisible();
  await early.close();

  // Without JavaScript: the plain form (every step at once) posts its file as multipart.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
  });
  const noScript = await plain.newPage();
  await noScript.goto(path);
  await noScript.getByLabel("Name *").fill("Grace Hopper");
  await noScript.getByLabel("E-mail *").fill(`grace-${suffix}@navy.example`);
  await noScript
    .getByLabel("Your CV *")
    .setInputFiles(upload("grace.pdf", "application/pdf", pdfBytes("Grace")));
  await noScript.getByRole("button", { name: "Apply" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Thanks Grace Hopper, we have grace.pdf.");
  await plain.close();

  // The team: the person view links the file; the download is the file itself, as an attachment.
  const email = `ada-1280-${suffix}@analytical.example`;
  await page.goto(`/admin/contacts/person/${encodeURIComponent(email)}`);
  const answers = page.getByTestId("form-answers");
  const link = answers.getByRole("link", { name: `Ada Lovelace CV.pdf (${cvBytes.byteLength} bytes)` });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`person-file-${width}.png`), fullPage: true });
  }
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Ada Lovelace CV.pdf");
  expect(new Uint8Array(await readFile(await file.path()))).toEqual(cvBytes);
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/admin\/forms\/files\/[0-9a-f-]{36}\/your_cv$/);
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect(answer.headers()["content-disposition"]).toBe('attachment; filename="Ada Lovelace CV.pdf"');
  expect(answer.headers()["x-content-type-options"]).toContain("nosniff");
  expect(answer.headers()["content-security-policy"]).toContain("sandbox");
  expect(answer.headers()["cache-control"]).toBe("private, no-store");

  // The inbox's row of the lead links it too.
  await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
  const lead = page.getByTestId("form-lead-row");
  await expect(lead.getByRole("link", { name: /^Ada Lovelace CV\.pdf/ })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await lead.screenshot({ path: testInfo.outputPath(`inbox-file-${width}.png`) });
  }

  // The form's own list links each file; its export names it with the address to download it.
  await page.goto(`/admin/forms/${formId}`);
  const rows = page.getByTestId("form-submission");
  await expect(rows).toHaveCount(4);
  await expect(rows.getByRole("link", { name: /^grace\.pdf \(\d+ bytes\)$/ })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .getByRole("heading", { name: /^Submissions/ })
      .locator("xpath=ancestor::div[contains(@class,'p-4')][1]")
      .screenshot({ path: testInfo.outputPath(`form-submissions-${width}.png`) });
  }
  const exported = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await readFile(await (await exported).path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "Name,E-mail,Your CV,Your CV (download),Anything else?,Sent at,Page,UTM campaign",
  );
  expect(csv).toMatch(
    new RegExp(
      `Grace Hopper,grace-${suffix}@navy\\.example,grace\\.pdf \\(\\d+ bytes\\),http://localhost:\\d+/admin/forms/files/[0-9a-f-]{36}/your_cv,`,
    ),
  );
});
