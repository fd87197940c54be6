import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test, uniqueIp } from "./support/fixtures";
import { insertLeads } from "./support/leads";
import { expectNoHorizontalScroll, uniqueSuffix as suffix, toast } from "./support/ui";

test.describe("admin contacts: the lead inbox", () => {
  test("counters, lists and a search kept in the URL", async ({ adminPage: page }) => {
    const s = suffix();
    await insertLeads(page, {
      contact: { name: `Ada Inbox ${s}`, email: `ada-${s}@example.com`, organization: `Engines ${s}` },
      subscriber: { email: `reader-${s}@example.com` },
      submission: { email: `demo-${s}@example.com`, name: `Demo ${s}`, purpose: "demo_request" },
    });
    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
    const contactsStat = page.getByTestId("stat-Contact Requests");
    const subscribersStat = page.getByTestId("stat-Newsletter Subscribers");
    const totalStat = page.getByTestId("stat-Total Leads");
    const n = async (l: typeof totalStat) => Number(await l.textContent());
    expect(await n(totalStat)).toBe((await n(contactsStat)) + (await n(subscribersStat)));

    // Search: case-insensitive substring on organization (contacts) and email (subscribers), kept in the URL.
    await page.getByLabel("Search contacts and subscribers").fill(`ENGINES ${s.toUpperCase()}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=ENGINES/);
    await expect(page.getByTestId("contact-row")).toHaveCount(1);
    await expect(page.getByTestId("contact-row")).toContainText(`Ada Inbox ${s}`);
    await expect(contactsStat).toHaveText("1");
    await expect(page.getByText("No subscribers found.")).toBeVisible();

    await page.getByLabel("Search contacts and subscribers").fill(`READER-${s}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("subscriber-row")).toHaveCount(1);
    await expect(page.getByText("No contact requests found.")).toBeVisible();
    await expect(subscribersStat).toHaveText("1");
    await expect(totalStat).toHaveText("1");

    // Demo/dialog leads with their purpose and source.
    await page.getByLabel("Search contacts and subscribers").fill(`demo-${s}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("submission-row")).toContainText("demo_request");
    await expect(page.getByTestId("submission-row")).toContainText("hero_section");

    // The search survives a reload (it lives in the URL).
    await page.reload();
    await expect(page.getByLabel("Search contacts and subscribers")).toHaveValue(`demo-${s}`);
  });

  test("'Loading contacts...' shows while the lists load", async ({ adminPage: page }) => {
    await page.goto("/admin/contacts");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/contacts.data**", async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByLabel("Search contacts and subscribers").fill("anything");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Loading contacts...")).toBeVisible();
    release();
    await expect(page.getByText("Loading contacts...")).toBeHidden();
  });

  test("status changes and deletes with confirmation", async ({ adminPage: page }) => {
    const s = suffix();
    await insertLeads(page, {
      contact: { name: `Grace Status ${s}`, email: `grace-${s}@example.com` },
      subscriber: { email: `grace-${s}@example.com` },
    });
    await page.goto(`/admin/contacts?q=grace-${s}`);
    const status = page.getByLabel(`Status of Grace Status ${s}`);
    await expect(status).toHaveValue("new");
    await status.selectOption("qualified");
    await expect(toast(page, "Contact status updated")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Status of Grace Status ${s}`)).toHaveValue("qualified");

    // Cancel keeps the row; confirming deletes it.
    await page.getByRole("button", { name: `Delete contact Grace Status ${s}` }).click();
    await expect(page.getByText("Are you sure you want to delete this contact?")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("contact-row")).toHaveCount(1);
    await page.getByRole("button", { name: `Delete contact Grace Status ${s}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Contact deleted successfully")).toBeVisible();
    await expect(page.getByText("No contact requests found.")).toBeVisible();

    await page.getByRole("button", { name: `Delete subscriber grace-${s}@example.com` }).click();
    await expect(page.getByText("Are you sure you want to delete this subscriber?")).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Subscriber deleted successfully")).toBeVisible();
    await expect(page.getByText("No subscribers found.")).toBeVisible();
  });

  test("deleting a lead that is already gone says so", async ({ adminPage: page, consoleErrors }) => {
    // The deletes of rows already gone answer 404.
    consoleErrors.allow(failedResource(404, "/admin/contacts.data"));
    const s = suffix();
    await insertLeads(page, {
      contact: { name: `Gone ${s}`, email: `gone-${s}@example.com` },
      subscriber: { email: `gone-${s}@example.com` },
    });
    // Keep this page from refreshing itself (its live channel hears nothing), so it still shows the rows another
    // tab deletes.
    await page.routeWebSocket(/\/admin\/realtime$/, () => {});
    await page.goto(`/admin/contacts?q=gone-${s}`);
    const other = await page.context().newPage();
    await other.goto(`/admin/contacts?q=gone-${s}`);
    await other.getByRole("button", { name: `Delete contact Gone ${s}` }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(other.getByText("No contact requests found.")).toBeVisible();
    await other.getByRole("button", { name: `Delete subscriber gone-${s}@example.com` }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(other.getByText("No subscribers found.")).toBeVisible();
    await other.close();

    await page.getByRole("button", { name: `Delete contact Gone ${s}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Failed to delete contact")).toBeVisible();
    await page.getByRole("button", { name: `Delete subscriber gone-${s}@example.com` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Failed to delete subscriber")).toBeVisible();
  });

  test("a lead submitted in another browser appears without a reload", async ({
    adminPage: page,
    baseURL,
    browser,
  }) => {
    const s = suffix();
    await page.goto(`/admin/contacts?q=live-${s}`);
    await expect(page.getByText("No contact requests found.")).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    // A visitor in another browser sends the public contact form.
    const otherContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() } });
    const sent = await otherContext.request.post(`${baseURL}/contact`, {
      form: {
        name: `Live Lead ${s}`,
        email: `live-${s}@example.com`,
        interest: "consulting",
        message: "Please call me back.",
      },
      headers: { Origin: baseURL ?? "" },
    });
    expect(sent.status()).toBe(200);
    await otherContext.close();

    await expect(page.getByTestId("contact-row")).toContainText(`Live Lead ${s}`, { timeout: 15_000 });
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });

  test("CSV exports: RFC 4180, attribution columns, formulas neutralised, admin only", async ({
    adminPage: page,
    baseURL,
    playwright,
  }) => {
    const s = suffix();
    await insertLeads(page, {
      contact: {
        name: `=HYPERLINK("x") ${s}`,
        email: `csv-${s}@example.com`,
        organization: `Acme, "Best" ${s}`,
      },
      subscriber: { email: `csv-${s}@example.com` },
      submission: { email: `csv-${s}@example.com`, purpose: "demo_request" },
    });
    const contacts = await page.request.get(`/admin/contacts/export/contacts.csv?q=csv-${s}`);
    expect(contacts.status()).toBe(200);
    expect(contacts.headers()["content-type"]).toContain("text/csv");
    expect(contacts.headers()["content-disposition"]).toContain("attachment");
    const text = await contacts.text();
    const [header, row] = text.split("\r\n");
    expect(header).toContain("name,email,organization");
    expect(header).toContain("utm_source");
    expect(row).toContain(`"'=HYPERLINK(""x"") ${s}"`);
    expect(row).toContain(`"Acme, ""Best"" ${s}"`);
    expect(row).toContain(",e2e,");

    for (const list of ["subscribers", "submissions"]) {
      const res = await page.request.get(`/admin/contacts/export/${list}.csv?q=csv-${s}`);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(`csv-${s}@example.com`);
    }

    // The export links on the page point at the same routes.
    await page.goto(`/admin/contacts?q=csv-${s}`);
    await expect(page.getByRole("link", { name: "Export CSV of contact requests" })).toHaveAttribute(
      "href",
      `/admin/contacts/export/contacts.csv?q=csv-${s}`,
    );

    const anonymous = await playwright.request.newContext({ baseURL });
    const denied = await anonymous.get("/admin/contacts/export/contacts.csv", { maxRedirects: 0 });
    expect(denied.status()).toBe(302);
    expect(denied.headers().location).toContain("/admin-auth");
    await anonymous.dispose();
  });

  test("no axe violations, and usable at 375 px", async ({ adminPage: page }) => {
    const s = suffix();
    await insertLeads(page, {
      contact: {
        name: `Axe ${s}`,
        email: `axe-${s}@example.com`,
        organization: "A very long organisation name",
      },
      subscriber: { email: `axe-${s}@example.com` },
      submission: { email: `axe-${s}@example.com`, purpose: "contact_dialog" },
    });
    await page.goto(`/admin/contacts?q=axe-${s}`);
    await expect(page.getByTestId("contact-row")).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("button", { name: `Delete contact Axe ${s}` })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/contacts-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/screens/contacts-1280.png", fullPage: true });
  });
});
