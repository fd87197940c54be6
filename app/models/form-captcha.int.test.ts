// A built form's captcha on a real database (PGlite), verified against a real HTTP server started here that answers
// the providers' siteverify contract (tests/support/siteverify.ts; CAPTCHA_VERIFY_URL points at it): a form that does
// not ask for it is not affected; without an answer or with a refused one the submission is refused (400 beside the
// button, nothing stored); an accepted one is stored, once; a provider that cannot be reached, answers an error or
// refuses our own keys leaves the submission held as suspected spam, never lost; the content API needs none.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appMeta, auditLog, formResponses } from "~/db/schema";
import { env } from "~/env.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { seal, secretsKey } from "~/infra/secret-box.server";
import { CAPTCHA_ERROR_KEY, CAPTCHA_MESSAGE } from "~/lib/form-builder/captcha";
import { action as formPost } from "~/routes/api/forms";
import { type Siteverify, startSiteverify } from "../../tests/support/siteverify";
import { setupTestDatabase } from "../../tests/support/test-db";
import { WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import {
  checkCaptcha,
  getCaptchaSettings,
  resealCaptchaSecret,
  saveCaptchaSettings,
} from "./captcha-settings.server";
import { submitFormFromApi } from "./content-api-forms.server";
import { captureFormResponse, type FormSubmissionInput } from "./form-responses.server";
import { publicForms, saveForm } from "./forms.server";

setupTestDatabase();
const who = { actor: "admin@example.com", ip: "203.0.113.9", userAgent: "vitest" };
const SECRET = "0x4AAAAAAAtest-secret_key.42";
const SITE_KEY = "0x4AAAAAAAtest-site-key";

let provider: Siteverify;
beforeAll(async () => {
  provider = await startSiteverify(SECRET);
  Object.assign(env(), { captchaVerifyUrl: provider.url });
  expect(await saveCaptchaSettings({ provider: "turnstile", siteKey: SITE_KEY, secret: SECRET }, who)).toBe(
    "saved",
  );
});
afterAll(async () => {
  await provider.close();
});

async function newForm(captcha: boolean): Promise<string> {
  const saved = await saveForm(null, webinarInput({ status: "open", captcha }), who);
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

const answers = {
  name: "Ada Lovelace",
  work_email: "ada@analytical.example",
  topics: ["forecasting"],
  consent: "on",
};

let clientSeq = 0;
const submission = (formId: string, extra: Record<string, string> = {}): FormSubmissionInput => ({
  formId,
  raw: { ...answers, ...extra },
  attribution: WEBINAR_VISIT,
  client: `198.51.100.${++clientSeq}`,
  trap: null,
});
const turnstile = (token: string) => ({ "cf-turnstile-response": token });

const rowsOf = (formId: string) =>
  db()
    .select({ heldReason: formResponses.heldReason, email: formResponses.email })
    .from(formResponses)
    .where(eq(formResponses.formId, formId));

describe("a form that asks for a captcha", () => {
  it("leaves a form that does not ask for one as it was: stored, the provider never asked", async () => {
    const formId = await newForm(false);
    const asked = provider.requests.length;
    expect(await captureFormResponse(submission(formId))).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toEqual([{ heldReason: null, email: "ada@analytical.example" }]);
    expect(provider.requests.length).toBe(asked);
    // Nor does its page carry a captcha.
    expect((await publicForms([formId])).get(formId)?.captcha).toBeUndefined();
  });

  it("shows visitors the provider and the site key, never the secret", async () => {
    const formId = await newForm(true);
    const shown = (await publicForms([formId])).get(formId);
    expect(shown?.captcha).toEqual({ provider: "turnstile", siteKey: SITE_KEY });
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    // The page editor's list (no ids) shows no captcha: its preview loads no provider script.
    expect((await publicForms()).get(formId)?.captcha).toBeUndefined();
  });

  it("refuses a submission without an answer: the message beside the button, nothing stored, nobody asked", async () => {
    const formId = await newForm(true);
    const asked = provider.requests.length;
    expect(await captureFormResponse(submission(formId))).toEqual({
      ok: false,
      reason: "captcha",
      message: CAPTCHA_MESSAGE,
    });
    expect(await captureFormResponse(submission(formId, turnstile("   ")))).toMatchObject({
      reason: "captcha",
    });
    expect(await rowsOf(formId)).toEqual([]);
    expect(provider.requests.length).toBe(asked);
  });

  it("refuses an answer the provider refuses, having sent it our secret, the answer and the visitor's address", async () => {
    const formId = await newForm(true);
    const input = submission(formId, turnstile("made-up-by-a-bot"));
    expect(await captureFormResponse(input)).toMatchObject({ ok: false, reason: "captcha" });
    expect(provider.requests.at(-1)).toEqual({
      secret: SECRET,
      response: "made-up-by-a-bot",
      remoteip: input.client,
    });
    expect(await rowsOf(formId)).toEqual([]);
  });

  it("stores a submission the provider accepts, and refuses the same answer sent again", async () => {
    const formId = await newForm(true);
    expect(await captureFormResponse(submission(formId, turnstile("pass-1")))).toEqual({
      ok: true,
      message: "See you there, Ada Lovelace!",
    });
    expect(await rowsOf(formId)).toEqual([{ heldReason: null, email: "ada@analytical.example" }]);
    expect(await captureFormResponse(submission(formId, turnstile("pass-1")))).toMatchObject({
      reason: "captcha",
    });
    expect(await rowsOf(formId)).toHaveLength(1);
  });

  it("checks the answers first: a refused field costs no answer, which still passes afterwards", async () => {
    const formId = await newForm(true);
    const asked = provider.requests.length;
    const bad = await captureFormResponse(submission(formId, { ...turnstile("pass-2"), work_email: "ada" }));
    expect(bad).toMatchObject({ ok: false, reason: "invalid" });
    expect(provider.requests.length).toBe(asked);
    expect(await captureFormResponse(submission(formId, turnstile("pass-2")))).toMatchObject({ ok: true });
  });

  it("holds the submission as suspected spam when the provider answers an error, and answers like a success", async () => {
    const formId = await newForm(true);
    provider.failWith = 502;
    try {
      expect(await captureFormResponse(submission(formId, turnstile("pass-3")))).toMatchObject({ ok: true });
    } finally {
      provider.failWith = undefined;
    }
    expect(await rowsOf(formId)).toEqual([
      { heldReason: "captcha-unchecked", email: "ada@analytical.example" },
    ]);
  });

  it("holds it when the provider refuses our own secret (the keys are wrong, not the visitor)", async () => {
    const formId = await newForm(true);
    await saveCaptchaSettings(
      { provider: "turnstile", siteKey: SITE_KEY, secret: "0xnot-the-right-one" },
      who,
    );
    try {
      expect(await captureFormResponse(submission(formId, turnstile("pass-4")))).toMatchObject({ ok: true });
    } finally {
      await saveCaptchaSettings({ provider: "turnstile", siteKey: SITE_KEY, secret: SECRET }, who);
    }
    expect(await rowsOf(formId)).toEqual([
      { heldReason: "captcha-unchecked", email: "ada@analytical.example" },
    ]);
  });

  it("needs none through the content API: the key vouches for the sender", async () => {
    const formId = await newForm(true);
    const asked = provider.requests.length;
    const result = await submitFormFromApi(
      formId,
      { values: { ...answers, consent: true } } as never,
      { id: crypto.randomUUID(), keyStart: "ak_test" },
      "198.51.100.250",
    );
    expect(result).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toEqual([{ heldReason: null, email: "ada@analytical.example" }]);
    expect(provider.requests.length).toBe(asked);
  });
});

describe("the submit route", () => {
  const context = () => {
    const ctx = new RouterContextProvider();
    ctx.set(requestInfoContext, { ip: `198.51.100.${++clientSeq}`, nonce: "" });
    return ctx;
  };
  const post = (formId: string, fields: Record<string, string>, json: boolean) =>
    formPost({
      request: new Request(`http://localhost:3000/api/forms/${formId}`, {
        method: "POST",
        headers: json ? { accept: "application/json" } : { referer: "http://localhost:3000/lp/webinar" },
        body: new URLSearchParams({ ...fields, consent: "on", topics: "forecasting" }),
      }),
      params: { id: formId },
      context: context(),
    } as never);

  it("answers a script 400 with the message under the check's own key; a plain post a page saying so", async () => {
    const formId = await newForm(true);
    const fields = { name: "Ada", work_email: "ada@analytical.example" };
    const answer = (await post(formId, fields, true)) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      message: CAPTCHA_MESSAGE,
      errors: { [CAPTCHA_ERROR_KEY]: CAPTCHA_MESSAGE },
    });
    const page = (await post(formId, { ...fields, ...turnstile("refused-one") }, false)) as Response;
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(CAPTCHA_MESSAGE);
    expect(html).toContain('href="/lp/webinar"');
    expect(await rowsOf(formId)).toEqual([]);
    // The provider's answer field posted by the plain form is what the server checks.
    expect(await post(formId, { ...fields, ...turnstile("pass-5") }, false)).toBeInstanceOf(Response);
    expect(await rowsOf(formId)).toHaveLength(1);
  });
});

describe("the keys", () => {
  it("keep the secret encrypted at rest, and show the screen only whether one is saved", async () => {
    const [row] = await db().select().from(appMeta).where(eq(appMeta.key, "captcha"));
    expect(row?.value).not.toContain(SECRET);
    expect(row?.value).toContain("enc:v1:");
    const shown = await getCaptchaSettings();
    expect(shown).toEqual({
      provider: "turnstile",
      siteKey: SITE_KEY,
      secretSaved: true,
      secretUnreadable: false,
    });
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, "captcha.save"));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it("need a new secret when the provider changes; an empty secret keeps the saved one otherwise", async () => {
    expect(
      await saveCaptchaSettings({ provider: "hcaptcha", siteKey: "10000000-ffff", secret: "" }, who),
    ).toBe("secret-needed");
    expect((await getCaptchaSettings()).provider).toBe("turnstile");
    expect(
      await saveCaptchaSettings({ provider: "turnstile", siteKey: `${SITE_KEY}-2`, secret: "" }, who),
    ).toBe("saved");
    expect(await checkCaptcha(turnstile("pass-6"), "198.51.100.77")).toBe("passed");
    await saveCaptchaSettings({ provider: "turnstile", siteKey: SITE_KEY, secret: "" }, who);
  });

  it("are encrypted again by rotate-secrets after AUTH_SECRET changed; one no secret opens holds submissions", async () => {
    const formId = await newForm(true);
    const previous = "the-previous-auth-secret-of-this-site-0123456789";
    const sealedUnder = (authSecret: string) =>
      JSON.stringify({
        provider: "turnstile",
        siteKey: SITE_KEY,
        secret: seal(SECRET, secretsKey(authSecret)),
      });
    await db()
      .update(appMeta)
      .set({ value: sealedUnder(previous) })
      .where(eq(appMeta.key, "captcha"));
    expect(await getCaptchaSettings()).toMatchObject({ secretSaved: true, secretUnreadable: true });
    expect(await resealCaptchaSecret("not-the-previous-one-either-0123456789")).toBe("unreadable");
    // Until then, the check cannot be made: held, not lost, and the provider is not asked with a wrong secret.
    const asked = provider.requests.length;
    expect(await captureFormResponse(submission(formId, turnstile("pass-8")))).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toEqual([
      { heldReason: "captcha-unchecked", email: "ada@analytical.example" },
    ]);
    expect(provider.requests.length).toBe(asked);

    expect(await resealCaptchaSecret(previous)).toBe("reencrypted");
    expect(await getCaptchaSettings()).toMatchObject({ secretSaved: true, secretUnreadable: false });
    expect(await resealCaptchaSecret(previous)).toBe("unchanged");
    expect(await captureFormResponse(submission(formId, turnstile("pass-9")))).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toContainEqual({ heldReason: null, email: "ada@analytical.example" });
  });

  it("holds a submission when the provider cannot be reached at all", async () => {
    const formId = await newForm(true);
    await provider.close();
    expect(await captureFormResponse(submission(formId, turnstile("pass-7")))).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toEqual([
      { heldReason: "captcha-unchecked", email: "ada@analytical.example" },
    ]);
  });

  it("once removed, leave every form asking for nothing", async () => {
    const formId = await newForm(true);
    await saveCaptchaSettings({ provider: null, siteKey: "", secret: "" }, who);
    expect(await getCaptchaSettings()).toMatchObject({ provider: null, secretSaved: false });
    expect((await publicForms([formId])).get(formId)?.captcha).toBeUndefined();
    expect(await captureFormResponse(submission(formId))).toMatchObject({ ok: true });
    expect(await rowsOf(formId)).toEqual([{ heldReason: null, email: "ada@analytical.example" }]);
  });
});
