// Content made through the back office's own actions, for specs about editing it.
import type { Page } from "@playwright/test";

/** A published page made through the page editor's action; answers its id. */
export async function createPage(page: Page, baseURL: string, path: string, title: string): Promise<string> {
  const response = await page.request.post(`${baseURL}/admin/pages/new`, {
    form: {
      intent: "save",
      page: JSON.stringify({
        title,
        path,
        status: "published",
        blocks: [{ id: "hero", type: "hero", headline: "Plans for every team", actions: [], checks: [] }],
      }),
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  const id = /\/admin\/pages\/([0-9a-f-]{36})$/.exec(response.headers().location ?? "")?.[1];
  if (!id) throw new Error(`page not created: ${response.status()} ${await response.text()}`);
  return id;
}

/** A new newsletter draft made through the list's own action; answers its address. */
export async function createNewsletter(page: Page, base: string): Promise<string> {
  const response = await page.request.post(`${base}/admin/newsletters`, {
    form: { intent: "create" },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  const location = response.headers().location ?? "";
  if (!/\/admin\/newsletters\/[0-9a-f-]{36}$/.test(location)) {
    throw new Error(`newsletter not created: ${response.status()} ${await response.text()}`);
  }
  return new URL(location, base).pathname;
}
