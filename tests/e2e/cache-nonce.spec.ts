// The browser keeps the nonce of the document it loaded after the root loader runs again (each answer's own CSP
// nonce, header and body, is tests/system/cache-security.system.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { expect, test } from "./support/fixtures";
import { adminCookie, adminPost, startServer, stopServer } from "./support/server-process";

function nonceOf(csp: string | null): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  return nonce as string;
}

test.describe("CSP nonces of cached pages", () => {
  test("the browser keeps its document's nonce after the root loader runs again", async ({ browser }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-nonce-"));
    const server = await startServer(await freePort(), { DATA_DIR: dataDir });
    try {
      // An inline chat snippet runs only with the document's nonce: the CSP refuses it with any other.
      const cookie = await adminCookie(server.base);
      await adminPost(server.base, cookie, "/admin/settings", {
        intent: "save-settings",
        chatEnabled: "true",
        chatWidget: "<script>window.chatRan = (window.chatRan || 0) + 1</script>",
      });
      const context = await browser.newContext({ baseURL: server.base });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") refused.push(m.text());
      });
      const loaded = await page.goto("/academy");
      const documentNonce = nonceOf((await loaded?.allHeaders())?.["content-security-policy"] ?? null);

      // A search changes the URL's query, so every loader runs again, the root's included, with a new nonce.
      const revalidation = page.waitForResponse((r) => /\/academy\.data/.test(r.url()));
      await page.getByLabel("Search").fill("nonce");
      await page.getByLabel("Search").press("Enter");
      const data = await revalidation;
      const dataNonce = nonceOf((await data.allHeaders())["content-security-policy"] ?? null);
      expect(dataNonce).not.toBe(documentNonce);
      expect(await data.text(), "the root loader ran again").toContain(dataNonce);

      await page
        .getByRole("region", { name: "Cookie consent" })
        .getByRole("button", { name: "Accept" })
        .click();
      await expect.poll(() => page.evaluate(() => (window as { chatRan?: number }).chatRan)).toBe(1);
      expect(
        await page.evaluate(
          () => document.querySelector<HTMLScriptElement>("#chat-widget-root script")?.nonce,
        ),
      ).toBe(documentNonce);
      expect(refused.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
      await context.close();
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
