// The edit actions of the showcase, the media library, the redirects and the webhook endpoints on a real database,
// signed in as the administrator: a save carrying an older version than a teammate's is a 409 with who saved, their
// version and what the member sent; one whose item was deleted meanwhile a 404 that says so; one carrying the newer
// version is saved.
import { beforeAll, describe, expect, it } from "vitest";
import { authUsers } from "~/db/schema";
import { env } from "~/env.server";
import { CONFLICT_MESSAGES, type EditConflict } from "~/lib/edit-conflict";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { redirectFormSchema } from "~/lib/redirect-schema";
import { versionOf } from "~/models/edit-conflicts.server";
import { deleteMedia, recordUpload, updateMediaDetails } from "~/models/media.server";
import { updateRedirect } from "~/models/redirect-edits.server";
import { createRedirect, deleteRedirect } from "~/models/redirects.server";
import { addShowcaseItem, deleteShowcaseItem, updateShowcaseItem } from "~/models/showcase-admin.server";
import { createEndpoint, updateEndpoint } from "~/models/webhooks.server";
import { answer, BASE, run, setupTeam } from "../support/team-routes";

const { test, owner } = setupTeam();
const dana = { actor: "dana@example.com", ip: "127.0.0.1", userAgent: "vitest" };

beforeAll(async () => {
  Object.assign(env(), { webhookAllowPrivate: true });
  await test.handle().db.insert(authUsers).values({ name: "Dana Price", email: dana.actor });
});

interface Answer {
  status: number;
  body: {
    ok: boolean;
    toast?: { message: string };
    conflict?: EditConflict;
    values?: Record<string, string>;
    fieldErrors?: Record<string, string>;
  };
}

/** Posts the form (a list of values for a field sent several times, as checkboxes are) to the route's action. */
async function post(file: string, path: string, fields: Record<string, string | string[]>): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(key, one);
  }
  const headers = { cookie: owner.cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" };
  const request = new Request(`${BASE}${path}`, { method: "POST", headers, body });
  return (await answer(await run(file, "action", request))) as Answer;
}

/** The three answers every edit action gives: 409 over a newer save, 200 over it on purpose, 404 once deleted. */
async function expectVersioned(
  send: (base: string) => Promise<Answer>,
  loaded: string,
  theirs: { version: string; fields: Record<string, unknown> },
  typed: Record<string, string>,
  remove: () => Promise<unknown>,
  gone: string,
) {
  const refused = await send(loaded);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    ok: false,
    toast: { message: CONFLICT_MESSAGES.refused },
    conflict: {
      version: theirs.version,
      savedBy: "Dana Price",
      theirs: expect.objectContaining(theirs.fields),
    },
    values: expect.objectContaining(typed),
  });
  const over = await send(theirs.version);
  expect(over.status).toBe(200);
  expect(over.body.ok).toBe(true);
  await remove();
  const missing = await send(theirs.version);
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ ok: false, toast: { message: gone }, fieldErrors: { form: gone } });
}

describe("list items' edit actions", () => {
  it("showcase: refused over a teammate's save, saved over it on purpose, gone once deleted", async () => {
    const item = await addShowcaseItem(
      { title: "Hero", mediaUrl: "https://x.example/h.jpg", mediaType: "image" },
      dana,
    );
    const theirs = await updateShowcaseItem(
      item.id,
      { title: "Dana's hero", mediaUrl: item.mediaUrl, mediaType: "image" },
      dana,
    );
    if (theirs.status !== "saved") throw new Error("not saved");
    const typed = {
      title: "My hero",
      mediaUrl: "https://x.example/mine.jpg",
      mediaType: "image",
      description: "",
    };
    await expectVersioned(
      (base) =>
        post("routes/admin/settings.tsx", "/admin/settings", {
          intent: "showcase-edit",
          id: item.id,
          base,
          ...typed,
        }),
      versionOf(item),
      { version: versionOf(theirs.row), fields: { title: "Dana's hero" } },
      typed,
      () => deleteShowcaseItem(item.id, dana),
      EDIT_SUBJECTS.showcase.gone,
    );
  });

  it("media: the details form's alt text, likewise", async () => {
    const entry = await recordUpload(
      {
        key: `images/${"e".repeat(32)}.png`,
        bucket: "images",
        fileName: "e.png",
        mimeType: "image/png",
        size: 9,
        variants: [],
      },
      dana,
    );
    const theirs = await updateMediaDetails(entry.id, { altText: "Dana's words", title: "E" }, dana);
    if (theirs.status !== "saved") throw new Error("not saved");
    const typed = { altText: "My words", title: "E" };
    await expectVersioned(
      (base) =>
        post("routes/admin/media.tsx", "/admin/media", { intent: "details", id: entry.id, base, ...typed }),
      versionOf(entry),
      { version: versionOf(theirs.row), fields: { altText: "Dana's words" } },
      typed,
      () => deleteMedia(entry.id, dana),
      EDIT_SUBJECTS.media.gone,
    );
  });

  it("redirects, likewise", async () => {
    const created = await createRedirect(
      redirectFormSchema.parse({ fromPath: "/old", toUrl: "/pricing" }),
      dana,
    );
    if (!created.ok) throw new Error(created.message);
    const row = created.redirect;
    const theirs = await updateRedirect(
      row.id,
      redirectFormSchema.parse({ fromPath: "/old", toUrl: "/plans" }),
      dana,
    );
    if (theirs.status !== "saved") throw new Error("not saved");
    const typed = { fromPath: "/old", toUrl: "/pricing", statusCode: "302" };
    await expectVersioned(
      (base) =>
        post("routes/admin/redirects.tsx", "/admin/redirects", {
          intent: "update",
          id: row.id,
          base,
          ...typed,
        }),
      versionOf(row),
      { version: versionOf(theirs.row), fields: { toUrl: "/plans" } },
      typed,
      () => deleteRedirect(row.id, dana),
      EDIT_SUBJECTS.redirect.gone,
    );
  });

  it("webhook endpoints, likewise, with every event ticked sent back", async () => {
    const { endpoint } = await createEndpoint("https://hooks.example/a", ["lead.created"], dana);
    const theirs = await updateEndpoint(endpoint.id, "https://hooks.example/b", ["lead.created"], dana);
    if (theirs.status !== "saved") throw new Error("not saved");
    const events = ["lead.created", "subscriber.created"];
    await expectVersioned(
      (base) =>
        post("routes/admin/integrations.tsx", "/admin/integrations", {
          intent: "update",
          id: endpoint.id,
          base,
          url: "https://hooks.example/mine",
          events,
        }),
      versionOf(endpoint),
      { version: versionOf(theirs.row), fields: { url: "https://hooks.example/b" } },
      { url: "https://hooks.example/mine", events: events.join(",") },
      () =>
        post("routes/admin/integrations.tsx", "/admin/integrations", { intent: "delete", id: endpoint.id }),
      EDIT_SUBJECTS.webhook.gone,
    );
  });
});
