// The `test` every spec uses: a unique client address per test, a signed-in admin page on request, and a console
// watch that fails any test whose pages log an error or throw, unless the test allows that exact message.
import { type Browser, type BrowserContextOptions, test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN, uniqueIp } from "./server-process";

export { E2E_ADMIN, expect, uniqueIp };

/** The base URL of the server started with SEED_DEMO=false (empty states). */
export const EMPTY_URL = `http://localhost:${process.env.E2E_EMPTY_PORT ?? 3101}`;

/**
 * Chromium's console line for a request that failed: with an HTTP status (e.g. a form the test sends invalid on
 * purpose) or a network error such as "ERR_CONNECTION_REFUSED" (a request the test aborts); optionally only for
 * this path on our servers (any query string).
 */
export function failedResource(failure: number | `ERR_${string}`, path?: string): RegExp {
  const reason =
    typeof failure === "number"
      ? `the server responded with a status of ${failure} \\([^)]*\\)`
      : `net::${failure}`;
  // The path, with any query string.
  const where = path
    ? ` \\[http://localhost:\\d+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\\?[^\\]]*)?\\]`
    : "(?: |$)";
  return new RegExp(`^Failed to load resource: ${reason}${where}`);
}

/**
 * Waits until the page React Router rendered has hydrated. Its scripts start only once the page has painted
 * (docs/decisions/021-first-paint-on-a-phone.md), so what needs JavaScript (menus, dialogs, client navigation,
 * forms sent by fetch) works a moment after the page is visible; before that, links and forms work as plain HTML.
 * Documents that are not such pages (XML, JSON, files) and pages in a context without JavaScript pass at once.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('script[type="module-after-paint"]') ||
      document.documentElement.hasAttribute("data-hydrated"),
  );
}

const hydrating = new WeakSet<Page>();

/** Every page load of `page` (goto, reload, back, forward) waits for hydration before the test goes on. */
export function hydrateOnNavigation(page: Page) {
  if (hydrating.has(page)) return page;
  hydrating.add(page);
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await waitForHydration(page);
        return response;
      },
    });
  }
  return page;
}

const unwrappedNewContext = new WeakMap<Browser, Browser["newContext"]>();

/**
 * A context whose pages do not wait for hydration after loading: for a test that keeps the app's scripts from
 * loading on purpose (what the HTML and stylesheet alone do), where hydration never comes.
 */
export function contextWithoutHydration(browser: Browser, options?: BrowserContextOptions) {
  return (unwrappedNewContext.get(browser) ?? browser.newContext.bind(browser))(options);
}

interface ConsoleWatch {
  /** Errors logged or thrown so far by the test's pages. */
  errors: string[];
  /** Expected errors: each pattern the test provokes on purpose (matched against the whole message). */
  allow(...patterns: RegExp[]): void;
  /** Also watch a page from another browser context. */
  watch(page: Page): void;
}

interface Fixtures {
  /** Console errors and page exceptions; any not allowed fails the test when it ends. */
  consoleErrors: ConsoleWatch;
  /** The test's client address (sent as X-Forwarded-For; the test servers trust the loopback proxy). */
  clientIp: string;
  /** A page whose context is signed in as the administrator. */
  adminPage: Page;
}

export const test = base.extend<Fixtures>({
  // Contexts a test opens itself (other visitors, a second instance's admin) wait for hydration too: every page
  // of every context of the worker's browser does (browser.newPage opens its context through newContext), unless
  // the context has JavaScript turned off (nothing hydrates there).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      unwrappedNewContext.set(browser, newContext);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const context = await newContext(...args);
        if (args[0]?.javaScriptEnabled !== false) context.on("page", hydrateOnNavigation);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  clientIp: async ({}, use) => {
    await use(uniqueIp());
  },
  // Every page of the test's context (the test's page, second tabs) waits for hydration after loading a page.
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });
    context.on("page", hydrateOnNavigation);
    await use(context);
  },
  page: async ({ page }, use) => {
    await use(hydrateOnNavigation(page));
  },
  // Auto: every test is watched, also those that never mention it. It hangs on the context, not the page, so
  // API-only tests open no page and every page of the context (popups, second tabs) is covered.
  consoleErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watched = new WeakSet<Page>();
      const watch = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on("console", (msg) => {
          if (msg.type() !== "error") return;
          const source = msg.location().url;
          errors.push(`${msg.text()}${source ? ` [${source}]` : ""} on ${page.url()}`);
        });
        page.on("pageerror", (err) => errors.push(`uncaught: ${err.message} on ${page.url()}`));
      };
      for (const page of context.pages()) watch(page);
      context.on("page", watch);
      await use({ errors, allow: (...patterns) => allowed.push(...patterns), watch });
      const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
      if (unexpected.length > 0) {
        await testInfo.attach("console errors", { body: unexpected.join("\n") });
        throw new Error(`Console errors during the test:\n${unexpected.join("\n")}`);
      }
    },
    { auto: true },
  ],
  adminPage: async ({ page, clientIp, baseURL }, use) => {
    await signInAsAdmin(page, baseURL ?? "", clientIp);
    await use(page);
  },
});

/** Signs the page's browser context in through the auth API (the sign-in screen has its own tests). */
export async function signInAsAdmin(page: Page, baseURL: string, clientIp = uniqueIp()) {
  const response = await page.context().request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { Origin: baseURL, "X-Forwarded-For": clientIp },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const NEEDS_POSTGRES = "needs PostgreSQL: set TEST_DATABASE_URL";

/**
 * TEST_DATABASE_URL inside a test; without it the test is skipped with the reason, so the report shows it as
 * skipped rather than leaving it out.
 */
export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  test.skip(!url, NEEDS_POSTGRES);
  return url ?? "";
}
