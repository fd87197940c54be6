// A built form's funnel (PGlite, and PostgreSQL with TEST_DATABASE_URL), through its beacon route as a browser
// sends it: a view and a start counted by page (the query left out), a bot and a draft form not counted, a bad
// event refused with a message; submissions joined by the page they were sent from.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestInfoContext } from "~/infra/request-context.server";
import { action } from "~/routes/api/form-events";
import { memberContext } from "../../tests/support/members";
import { setupTestDatabase } from "../../tests/support/test-db";
import { DESKTOP_CHROME } from "../../tests/support/user-agents";
import { WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import { formFunnel } from "./form-funnel.server";
import { captureFormResponse } from "./form-responses.server";
import { saveForm } from "./forms.server";

setupTestDatabase();
const who = memberContext({ email: "editor@example.com" });

let seq = 0;
async function beacon(formId: string, body: unknown, userAgent = DESKTOP_CHROME) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `198.51.100.${++seq}`, nonce: "test" });
  const request = new Request(`http://localhost/api/forms/${formId}/events`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", "user-agent": userAgent },
  });
  const answer = (await action({ request, params: { id: formId }, context } as never)) as
    | Response
    | { data: { error?: string }; init?: { status?: number } };
  return answer instanceof Response
    ? { status: answer.status, error: undefined }
    : { status: answer.init?.status ?? 200, error: answer.data.error };
}

async function newForm(status: "open" | "draft") {
  const saved = await saveForm(null, webinarInput({ status }), who);
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

describe("a built form's funnel", () => {
  it("counts views and starts by page, submissions by the page they came from; bots and drafts are not counted", async () => {
    const formId = await newForm("open");
    expect(await beacon(formId, { event: "view", page: "/lp/webinar?utm_campaign=spring" })).toEqual({
      status: 204,
      error: undefined,
    });
    await beacon(formId, { event: "view", page: "/lp/webinar" });
    await beacon(formId, { event: "start", page: "/lp/webinar" });
    await beacon(formId, { event: "view", page: "/pricing" });
    expect((await beacon(formId, { event: "view", page: "/lp/webinar" }, "Googlebot/2.1")).status).toBe(204);
    const refused = await beacon(formId, { event: "submit", page: "/lp/webinar" });
    expect(refused).toEqual({ status: 400, error: "The event must be view or start." });
    expect((await beacon(formId, "{not json")).status).toBe(400);
    expect((await beacon(await newForm("draft"), { event: "view", page: "/" })).status).toBe(404);

    const sent = await captureFormResponse({
      formId,
      raw: {
        name: "Ada",
        work_email: "ada@analytical.example",
        topics: "forecasting",
        consent: "on",
      },
      attribution: { ...WEBINAR_VISIT, sourcePage: "/lp/webinar?partner=acme" },
      client: "203.0.113.77",
      trap: null,
    });
    expect(sent).toMatchObject({ ok: true });

    expect(await formFunnel(formId)).toEqual({
      total: { page: "", views: 3, starts: 1, submissions: 1 },
      pages: [
        { page: "/lp/webinar", views: 2, starts: 1, submissions: 1 },
        { page: "/pricing", views: 1, starts: 0, submissions: 0 },
      ],
    });
  });
});
