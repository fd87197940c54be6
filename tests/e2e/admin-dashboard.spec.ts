import { expectNoAxeViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

test.describe("admin dashboard and analytics", () => {
  test("stat cards show database figures and quick actions link to each area", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const cards = page.getByTestId("stat-card");
    for (const label of [
      "Blog posts",
      "Academy content",
      "Academy views",
      "Contact requests",
      "Subscribers",
      "Leads (last 7 days)",
    ]) {
      await expect(cards.filter({ has: page.getByText(label, { exact: true }) })).toBeVisible();
    }
    // The demo seed has published posts and academy views; none of the original's hard-coded figures.
    await expect(cards.filter({ has: page.getByText("Blog posts", { exact: true }) })).toContainText(
      /\d+ published · \d+ draft/,
    );
    await expect(cards.filter({ has: page.getByText("Contact requests", { exact: true }) })).toContainText(
      /\d+ new/,
    );
    await expect(page.getByText("1247")).toHaveCount(0);
    // Website traffic of the last 30 days from the analytics roll-ups (exact figures: admin-analytics.spec.ts).
    const traffic = page.getByTestId("traffic-card");
    await expect(traffic.getByRole("term")).toHaveText(["Visitors", "Page views", "Leads"]);
    await expect(traffic.getByRole("definition")).toHaveText([/^[\d,]+$/, /^[\d,]+$/, /^[\d,]+$/]);
    await expect(traffic.getByRole("img", { name: /^Visitors per day, / })).toBeVisible();
    await expect(traffic.getByRole("link", { name: "Open analytics" })).toHaveAttribute(
      "href",
      "/admin/analytics",
    );

    const quick = page.getByRole("heading", { name: "Quick actions" }).locator("xpath=../..");
    for (const [name, href] of [
      ["View contacts", "/admin/contacts"],
      ["Manage blog", "/admin/blog"],
      ["Manage academy", "/admin/academy"],
      ["View analytics", "/admin/analytics"],
      ["Site settings", "/admin/settings"],
    ] as const) {
      await expect(quick.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("a new post counts on the dashboard and its creation and publication are in the recent activity", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin");
    const postsCard = page
      .getByTestId("stat-card")
      .filter({ has: page.getByText("Blog posts", { exact: true }) });
    const draftsBefore = Number((await postsCard.textContent())?.match(/(\d+) draft/)?.[1]);

    const title = `Audited post ${uniqueSuffix()}`;
    await page.goto("/admin/blog");
    const form = page.getByRole("form", { name: "Create new post" });
    await form.getByLabel("Title *").fill(title);
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");
    await page.getByRole("button", { name: `Publish ${title}` }).click();
    await expectToast(page, "Post published successfully");
    await page.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expectToast(page, "Post drafted successfully");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    // Other specs may write at the same time, so only a lower bound holds.
    const draftsAfter = Number((await postsCard.textContent())?.match(/(\d+) draft/)?.[1]);
    expect(draftsAfter).toBeGreaterThanOrEqual(Number.isNaN(draftsBefore) ? 1 : draftsBefore);
    // In sentences with the member's name (the owner of the e2e servers is called "Administrator").
    const activity = page.getByTestId("audit-list");
    await expect(activity.getByText(title)).toHaveCount(3);
    await expect(activity.locator("li").filter({ hasText: title }).first()).toContainText(
      `Administrator moved "${title}" back to drafts`,
    );
    await expect(activity.getByText(`Administrator published "${title}"`)).toBeVisible();
    await expect(activity.getByText(`Administrator created "${title}"`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Full audit log" })).toHaveAttribute("href", "/admin/audit");
  });

  test("no axe violations; the shell collapses at 375 px with the current section marked", async ({
    adminPage: page,
  }) => {
    for (const path of ["/admin", "/admin/analytics"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ["/admin", "/admin/analytics"]) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    }
    const toggle = page.getByRole("button", { name: "Open admin menu" });
    await toggle.click();
    const menu = page.locator("#admin-mobile-nav");
    await expect(menu.getByRole("link", { name: "Analytics" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(menu).toBeHidden();
  });
});
