import { demoPictures, demoShowcase } from "../../app/db/seed-content";
import { expectNoAxeViolations } from "./support/a11y";
import { EMPTY_URL, expect, test } from "./support/fixtures";

const SIGNUP_URL = "https://app.asimov.example/signup";
/** The first slide's picture is a media-library image: it is named by its alt text. */
const firstSlideAlt = demoPictures.find((p) => p.path === demoShowcase[0]?.mediaUrl)?.alt;
if (!firstSlideAlt) throw new Error("the demo seed changed: update this spec");

test.describe("landing page", () => {
  test("hero, claims, seven feature cards, extras, three testimonials and the closing call to action", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "The intelligent revenue engine for AI companies" }),
    ).toBeVisible();
    for (const claim of ["300%", "50%", "24/7", "50+"]) {
      await expect(page.locator("dl dd", { hasText: claim }).first()).toBeVisible();
    }
    await expect(page.getByText("average revenue increase")).toBeVisible();
    await expect(page.getByText("shorter sales cycle")).toBeVisible();
    await expect(page.getByText("Free 14-day trial · No credit card required")).toBeVisible();

    const features = page.locator("#features");
    for (const area of [
      "CRM Pipeline",
      "AI Proposals",
      "Growth Automation",
      "Revenue Intelligence",
      "Workflow Automation",
      "Analytics",
      "Coaching",
    ]) {
      await expect(features.getByRole("heading", { level: 3, name: area, exact: true })).toBeVisible();
    }
    await expect(features.getByRole("heading", { name: "And everything else you need" })).toBeVisible();
    await expect(page.locator("figure blockquote")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Ready to grow revenue with AI?" })).toBeVisible();
  });

  test("Get Started Free and Start Free Trial open the sign-up in a new tab; View Pricing goes to /pricing", async ({
    page,
  }) => {
    await page.goto("/");
    for (const name of ["Get Started Free", "Start Free Trial"]) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", SIGNUP_URL);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await page.getByRole("link", { name: "View Pricing" }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("pricing");
  });

  test("/features redirects to the landing page's features section", async ({ page, request }) => {
    const response = await request.get("/features", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/#features");
    await page.goto("/features");
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator("#features")).toBeInViewport();
  });

  test("the carousel shows arrows and dots, wraps around, embeds YouTube and plays videos muted in a loop", async ({
    page,
  }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Product showcase" });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    const dots = carousel.getByRole("button", { name: /^Go to slide/ });
    await expect(dots).toHaveCount(3);
    await carousel.getByRole("button", { name: "Pause slideshow" }).click();
    await expect(carousel.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(slides.nth(0)).toHaveAttribute("data-active", "true");
    await expect(slides.nth(0)).toHaveClass(/duration-300/);

    // The first item is an image; the second is our looping video.
    await expect(slides.nth(0).getByRole("img", { name: firstSlideAlt, exact: true })).toBeAttached();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    const video = slides.nth(1).locator("video");
    await expect(video).toHaveAttribute("loop", "");
    await expect(video).toHaveAttribute("poster", /.+/);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await expect(video).toHaveJSProperty("autoplay", true);

    // Previous from the first slide wraps to the last: the YouTube watch link, embedded.
    await dots.nth(0).click();
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(slides.nth(2).locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube\.com\/embed\/aqz-KE-bpKQ\?/,
    );
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByRole("heading", { name: "Your whole pipeline, at a glance" })).toBeVisible();
  });

  test("with reduced motion nothing autoplays and there is no pause control", async ({
    browser,
    clientIp,
  }) => {
    const context = await browser.newContext({
      reducedMotion: "reduce",
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Product showcase" });
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: /Pause slideshow|Play slideshow/ })).toHaveCount(0);
    await carousel.getByRole("button", { name: "Next slide" }).click();
    const video = carousel.locator("video");
    await expect(video).toHaveJSProperty("autoplay", false);
    await expect(video).toHaveJSProperty("paused", true);
    await expect(video).toHaveAttribute("controls", "");
    await context.close();
  });

  test("with no active showcase items it says so, without arrows or dots", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/`);
    await expect(page.getByText("No showcase items available.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next slide" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Go to slide/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("renders its content without JavaScript", async ({ browser, clientIp }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your whole pipeline, at a glance" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request Demo" })).toHaveAttribute("href", "/contact");
    await expect(page.locator("#features li h3")).toHaveCount(7);
    await context.close();
  });

  test("has no WCAG 2.2 A/AA violations", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);
  });
});
