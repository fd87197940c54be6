// The captcha keys through the Integrations screen's loader and action on a real database (PGlite), as the members
// who open it: only those who manage integrations save them (an editor is refused before anything is read), the
// keys are checked, and the secret key is never in what the server answers: not in the Integrations screen's data,
// nor after a refused save, nor in the form editor's data, nor in a public page with a form that asks for the check
// (its loader data and the static HTML of its form), which carries the provider's widget and the site key.
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "~/auth/bootstrap.server";
import { initAuth } from "~/auth/instance.server";
import { currentContentVersion } from "~/infra/content-version.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { parsePage } from "~/lib/page-form";
import { getCaptchaSettings } from "~/models/captcha-settings.server";
import { saveForm } from "~/models/forms.server";
import { savePage } from "~/models/pages.server";
import { loader as pageLoader } from "~/routes/site/page";
import { addMember, sessionCookie } from "../../../tests/support/members";
import { setupTestDatabase } from "../../../tests/support/test-db";
import { webinarInput } from "../../../tests/support/webinar-form";
import { loader as formEditLoader } from "./form-edit";
import { action, loader } from "./integrations";

const test = setupTestDatabase();
const ORIGIN = "http://localhost:3000";
const SECRET = "0x4AAAAAAAsecret-never-shown_9";
const SITE_KEY = "0x4AAAAAAAsite-key-shown";
let admin = "";
let editor = "";
const who = { actor: "admin@example.com", ip: "203.0.113.9", userAgent: "vitest" };

beforeAll(async () => {
  await initAuth();
  const owner = await bootstrapAdmin();
  admin = await sessionCookie(owner.userId);
  const member = await addMember(test.handle().db, { name: "Eda", email: "eda@example.com", role: "editor" });
  editor = await sessionCookie(member.userId);
});

function context() {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip: "198.51.100.7", nonce: "" });
  return ctx;
}

/** What a route function answered, thrown or returned, as text (to look for the secret) and its status. */
async function answered(
  run: () => Promise<unknown>,
): Promise<{ status: number; text: string; data: unknown }> {
  try {
    const result = (await run()) as { data?: unknown; init?: { status?: number } } | Response;
    if (result instanceof Response)
      return { status: result.status, text: await result.text(), data: undefined };
    return {
      status: result.init?.status ?? 200,
      text: JSON.stringify(result.data ?? result),
      data: result.data ?? result,
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text(), data: undefined };
  }
}

const post = (cookie: string, fields: Record<string, string>) =>
  answered(() =>
    action({
      request: new Request(`${ORIGIN}/admin/integrations`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
        body: new URLSearchParams({ intent: "captcha", ...fields }),
      }),
      params: {},
      context: context(),
    } as never),
  );

const get = (cookie: string, run: typeof loader | typeof formEditLoader, path: string, params = {}) =>
  answered(() =>
    run({
      request: new Request(`${ORIGIN}${path}`, { headers: { cookie } }),
      params,
      context: context(),
    } as never),
  );

describe("the captcha keys on the Integrations screen", () => {
  it("are saved by those who manage integrations only: an editor is refused and nothing changes", async () => {
    const refused = await post(editor, { provider: "turnstile", site_key: SITE_KEY, secret_key: SECRET });
    expect(refused.status).toBe(403);
    expect((await getCaptchaSettings()).provider).toBeNull();
    expect((await get(editor, loader, "/admin/integrations")).status).toBe(403);
  });

  it("are checked, and a refusal never sends the typed secret back", async () => {
    const noSite = await post(admin, { provider: "turnstile", site_key: "", secret_key: SECRET });
    expect(noSite.status).toBe(400);
    expect(noSite.data).toMatchObject({
      fieldErrors: { site_key: "Paste the site key from the provider's dashboard." },
      values: { provider: "turnstile", site_key: "" },
    });
    expect(noSite.text).not.toContain(SECRET);
    const spaced = await post(admin, { provider: "turnstile", site_key: "two words", secret_key: SECRET });
    expect(spaced.data).toMatchObject({
      fieldErrors: { site_key: expect.stringContaining("without spaces") },
    });
    const noSecret = await post(admin, { provider: "hcaptcha", site_key: "10000000-ffff", secret_key: "" });
    expect(noSecret.data).toMatchObject({
      fieldErrors: { secret_key: "Paste the secret key from the provider's dashboard." },
    });
    const unknown = await post(admin, { provider: "recaptcha", site_key: SITE_KEY, secret_key: SECRET });
    expect(unknown.data).toMatchObject({ fieldErrors: { provider: "Choose a provider, or none." } });
    expect(unknown.text).not.toContain(SECRET);
    expect((await getCaptchaSettings()).provider).toBeNull();
  });

  it("are saved, move the content version (pages render again), and the screen shows no secret", async () => {
    const version = currentContentVersion();
    const saved = await post(admin, { provider: "turnstile", site_key: ` ${SITE_KEY} `, secret_key: SECRET });
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, toast: { message: "Captcha keys saved" } },
    });
    expect(saved.text).not.toContain(SECRET);
    expect(currentContentVersion()).not.toBe(version);
    const screen = await get(admin, loader, "/admin/integrations");
    expect(screen.data).toMatchObject({
      captcha: { provider: "turnstile", siteKey: SITE_KEY, secretSaved: true, secretUnreadable: false },
    });
    expect(screen.text).not.toContain(SECRET);
  });

  it("offer the form editor the check, and a page with a form that asks for it carries the widget, not the secret", async () => {
    const form = await saveForm(null, webinarInput({ status: "open", captcha: true }), who);
    if (!form.ok) throw new Error("form not saved");
    const editorData = await get(editor, formEditLoader, `/admin/forms/${form.form.id}`, {
      id: form.form.id,
    });
    expect(editorData.data).toMatchObject({ captchaProvider: "turnstile", form: { captcha: true } });
    expect(editorData.text).not.toContain(SECRET);

    const parsed = parsePage({
      title: "Webinar",
      path: "/lp/captcha-webinar",
      status: "published",
      blocks: [{ id: "signup", type: "form", formId: form.form.id, heading: "Register", text: "" }],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    expect((await savePage(null, parsed.page, who)).ok).toBe(true);
    const page = await answered(() =>
      pageLoader({
        request: new Request(`${ORIGIN}/lp/captcha-webinar`),
        params: { "*": "lp/captcha-webinar" },
        context: context(),
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("cf-turnstile");
    expect(page.text).toContain("data-captcha-provider");
    expect(page.text).toContain(SITE_KEY);
    expect(page.text).toContain("challenges.cloudflare.com/turnstile/v0/api.js");
    expect(page.text).not.toContain(SECRET);
  });

  it("are removed with the provider set to none: the forms ask for nothing, and the editor no longer offers it", async () => {
    const removed = await post(admin, { provider: "none", site_key: "", secret_key: "" });
    expect(removed.data).toMatchObject({ ok: true, toast: { message: "Captcha turned off" } });
    expect(await getCaptchaSettings()).toEqual({
      provider: null,
      siteKey: "",
      secretSaved: false,
      secretUnreadable: false,
    });
    const form = await saveForm(null, webinarInput({ status: "open", captcha: true }), who);
    if (!form.ok) throw new Error("form not saved");
    const editorData = await get(editor, formEditLoader, `/admin/forms/${form.form.id}`, {
      id: form.form.id,
    });
    expect(editorData.data).toMatchObject({ captchaProvider: null, form: { captcha: true } });
  });
});
