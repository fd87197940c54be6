// A built form on other websites (ADR 058), through the route modules as browsers and the form's screen use them:
// the sites a form lists, checked on save, set only by the owner and administrators (an editor's save keeps them),
// part of the form's version and named in the audit log; posts from a site the form does not list refused with 403
// and nothing stored, from a listed one and from our own pages accepted; the funnel counting an embedded form by
// the page around it; and the embed page, framed only by the sites its form lists.
import { and, eq, ne } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, formFunnelDays, formResponses, forms } from "~/db/schema";
import { type Framing, framingContext, requestInfoContext } from "~/infra/request-context.server";
import { embedPath } from "~/lib/form-builder/embedding";
import * as events from "~/routes/api/form-events";
import * as submit from "~/routes/api/forms";
import * as embed from "~/routes/embed/form";
import { accept, answer, BASE, request, run, saveForm, setupTeam, signIn } from "../support/team-routes";
import { WEBINAR_EDITOR_INPUT } from "../support/webinar-form";

const { test, invite, owner } = setupTeam();
const PARTNER = "https://partner.example";
const db = () => test.handle().db;

/** The form screen's save of the open webinar form with `fields`. */
const save = (cookie: string, id: string, fields: Record<string, unknown>, base = "") =>
  saveForm(cookie, id, { ...WEBINAR_EDITOR_INPUT, status: "open", ...fields }, base);
const stored = async (id: string) => (await db().select().from(forms).where(eq(forms.id, id)))[0];

let seq = 0;
/** A public route's call with the context the HTTP host gives it (its own client address, the framing holder). */
async function call(
  route: { action?: unknown; loader?: unknown },
  kind: "action" | "loader",
  req: Request,
  params: Record<string, string>,
) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `198.51.100.${++seq}`, nonce: "" });
  const framing: Framing = { ancestors: null };
  context.set(framingContext, framing);
  const fn = route[kind] as (args: unknown) => Promise<unknown>;
  try {
    return { ...(await answer({ value: await fn({ request: req, params, context }) })), framing };
  } catch (error) {
    return { ...(await answer({ value: error })), framing };
  }
}

/** A visitor's submission of the webinar form, with these request headers. */
function submission(formId: string, headers: Record<string, string>, extra: Record<string, string> = {}) {
  const body = new URLSearchParams({
    name: "Ada",
    work_email: "ada@analytical.example",
    topics: "forecasting",
    consent: "on",
    ...extra,
  });
  return new Request(`${BASE}/api/forms/${formId}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
  });
}

const beacon = (formId: string, headers: Record<string, string>, page: string) =>
  new Request(`${BASE}/api/forms/${formId}/events`, {
    method: "POST",
    body: JSON.stringify({ event: "view", page }),
    headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 Chrome/130", ...headers },
  });

const responsesOf = async (formId: string) =>
  db().select().from(formResponses).where(eq(formResponses.formId, formId));

let formId = "";

beforeAll(async () => {
  const accepted = await accept(
    await invite("editor@example.com", "editor"),
    "The editor",
    "editor-password",
  );
  expect(accepted.status).toBe(302);
  const created = await answer(await save(owner.cookie, "new", { allowedOrigins: [PARTNER] }));
  expect(created.status).toBe(302);
  formId = (await db().select().from(forms))[0]?.id ?? "";
});

describe("the sites a form lists", () => {
  it("are checked on save: a bad entry is named with what to write, nothing changes; good ones are stored as origins", async () => {
    const before = await stored(formId);
    const refused = await answer(
      await save(owner.cookie, formId, { allowedOrigins: [PARTNER, "https://partner.example/landing"] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: {
        allowedOrigins:
          "https://partner.example/landing names a page: enter only the scheme, host and optional port, like https://partner.example or http://localhost:4000.",
      },
    });
    expect((await stored(formId))?.updatedAt).toEqual(before?.updatedAt);

    const saved = await answer(
      await save(
        owner.cookie,
        formId,
        { allowedOrigins: ["https://Partner.example/", "http://localhost:4000", PARTNER] },
        before?.updatedAt.toISOString(),
      ),
    );
    expect(saved.status).toBe(200);
    expect((await stored(formId))?.allowedOrigins).toEqual([PARTNER, "http://localhost:4000"]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "form.update"), eq(auditLog.entityId, formId)));
    expect(entry?.details).toMatchObject({ allowedOrigins: [PARTNER, "http://localhost:4000"] });
  });

  it("are the owner's and administrators' to set: an editor's save keeps them, and a save over a newer list is refused", async () => {
    const editor = await signIn("editor@example.com", "editor-password");
    const loaded = await stored(formId);
    const kept = await answer(
      await save(
        editor,
        formId,
        { name: "Partner webinar", allowedOrigins: ["https://collector.example"] },
        loaded?.updatedAt.toISOString(),
      ),
    );
    expect(kept.status).toBe(200);
    const after = await stored(formId);
    expect(after?.name).toBe("Partner webinar");
    expect(after?.allowedOrigins).toEqual([PARTNER, "http://localhost:4000"]);
    // A new form by an editor lists no site, whatever was sent.
    expect(
      (await answer(await save(editor, "new", { allowedOrigins: ["https://collector.example"] }))).status,
    ).toBe(302);
    const [fresh] = await db().select().from(forms).where(ne(forms.id, formId));
    expect(fresh?.allowedOrigins).toEqual([]);

    // The list is part of the form's version: the owner's change refuses a teammate's save of the older one.
    const ownerSave = await answer(
      await save(
        owner.cookie,
        formId,
        { name: "Partner webinar", allowedOrigins: [PARTNER] },
        after?.updatedAt.toISOString(),
      ),
    );
    expect(ownerSave.status).toBe(200);
    const stale = await answer(
      await save(
        owner.cookie,
        formId,
        { allowedOrigins: [PARTNER, "https://late.example"] },
        after?.updatedAt.toISOString(),
      ),
    );
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain('"allowedOrigins":["https://partner.example"]');
    expect((await stored(formId))?.allowedOrigins).toEqual([PARTNER]);

    // The editor's screen shows the list and says it is not theirs to change.
    const screen = await answer(
      await run("routes/admin/form-edit.tsx", "loader", request(`/admin/forms/${formId}`, editor), {
        id: formId,
      }),
    );
    expect(screen.body).toMatchObject({ mayEmbed: false, form: { allowedOrigins: [PARTNER] } });
  });
});

describe("posts from other sites", () => {
  it("are refused with 403 and a message, nothing stored, unless the form lists the site; our own pages always send", async () => {
    const foreign = await call(submit, "action", submission(formId, { origin: "https://evil.example" }), {
      id: formId,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      ok: false,
      message:
        "This form does not accept submissions from https://evil.example: that site is not on the form's list of sites that may embed it.",
    });
    const unnamed = await call(submit, "action", submission(formId, { "sec-fetch-site": "cross-site" }), {
      id: formId,
    });
    expect(unnamed.status).toBe(403);
    expect(await responsesOf(formId)).toHaveLength(0);

    const listed = await call(
      submit,
      "action",
      submission(formId, { origin: PARTNER }, { source_page: `${PARTNER}/events/launch?ref=mail` }),
      { id: formId },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ ok: true });
    const own = await call(
      submit,
      "action",
      submission(formId, { origin: new URL(BASE).origin }, { work_email: "bo@analytical.example" }),
      { id: formId },
    );
    expect(own.status).toBe(200);
    const rows = await responsesOf(formId);
    expect(rows.map((r) => r.email).sort()).toEqual(["ada@analytical.example", "bo@analytical.example"]);
    // The embedded form's submission names the page around it, on the listed site.
    expect(rows.find((r) => r.email === "ada@analytical.example")?.sourcePage).toBe(
      `${PARTNER}/events/launch?ref=mail`,
    );
  });

  it("reach the funnel only from listed sites, counted by the page around the form", async () => {
    const refused = await call(events, "action", beacon(formId, { origin: "https://evil.example" }, "/x"), {
      id: formId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: expect.stringContaining("https://evil.example") });
    // The embedded form sends from our origin (its frame), naming the page around it.
    const own = { origin: new URL(BASE).origin };
    expect(
      (await call(events, "action", beacon(formId, own, `${PARTNER}/events/launch?ref=x`), { id: formId }))
        .status,
    ).toBe(204);
    expect(
      (
        await call(events, "action", beacon(formId, { origin: PARTNER }, `${PARTNER}/events/launch`), {
          id: formId,
        })
      ).status,
    ).toBe(204);
    // A page on a site the form does not list counts under the embed page.
    expect(
      (await call(events, "action", beacon(formId, own, "https://evil.example/x"), { id: formId })).status,
    ).toBe(204);
    const rows = await db().select().from(formFunnelDays).where(eq(formFunnelDays.formId, formId));
    expect(Object.fromEntries(rows.map((r) => [r.page, r.views]))).toEqual({
      [`${PARTNER}/events/launch`]: 2,
      [embedPath(formId)]: 1,
    });
  });

  it("from the embedded form without JavaScript are answered in its frame, a next page opened in the whole window", async () => {
    const saved = await stored(formId);
    await answer(
      await save(
        owner.cookie,
        formId,
        {
          name: "Partner webinar",
          allowedOrigins: [PARTNER],
          definition: { ...WEBINAR_EDITOR_INPUT.definition, success: { kind: "redirect", to: "/thank-you" } },
        },
        saved?.updatedAt.toISOString(),
      ),
    );
    const plain = await call(
      submit,
      "action",
      submission(
        formId,
        { origin: new URL(BASE).origin, accept: "text/html" },
        { work_email: "cy@analytical.example", source_section: "embed" },
      ),
      { id: formId },
    );
    expect(plain.status).toBe(200);
    expect(plain.body).toContain('<a href="/thank-you" target="_top">Continue</a>');
    expect(plain.framing.ancestors).toEqual([PARTNER]);
  });
});

describe("the embed page", () => {
  it("shows an open form, framed by the sites it lists only; a draft is on no site", async () => {
    const page = await call(embed, "loader", new Request(`${BASE}${embedPath(formId)}`), { id: formId });
    expect(page.status).toBe(200);
    expect(page.framing.ancestors).toEqual([PARTNER]);
    // What a visitor's page gets of a form: never its routing or its list of sites.
    expect(Object.keys((page.body as { form: object }).form).sort()).toEqual([
      "closedMessage",
      "closesAt",
      "definition",
      "full",
      "id",
      "opensAt",
      "status",
    ]);
    const saved = await stored(formId);
    await answer(
      await save(
        owner.cookie,
        formId,
        { status: "draft", allowedOrigins: [PARTNER] },
        saved?.updatedAt.toISOString(),
      ),
    );
    const draft = await call(embed, "loader", new Request(`${BASE}${embedPath(formId)}`), { id: formId });
    expect(draft.status).toBe(404);
    expect(draft.framing.ancestors).toBeNull();
  });
});
