// One item of the content API: GET /{blog|academy}/{id} with its ETag, and PATCH with If-Match: a stale tag gets 412
// and changes nothing (no revision, no audit entry, no content version), the current one saves like the back office
// does. Every answer is checked against the OpenAPI document.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  COLLECTIONS,
  contentApiHarness,
  type Json,
  validBody,
} from "../../../tests/support/content-api-calls";
import { addMember, memberContext } from "../../../tests/support/members";

const { rowsOf } = await import("~/db/client.server");
const { currentContentVersion } = await import("~/infra/content-version.server");
const { fromRevision: blogWriteOf, getPostById, updatePost } = await import("~/models/blog-admin.server");
const {
  fromRevision: academyWriteOf,
  getAcademyById,
  updateAcademyItem,
} = await import("~/models/academy-admin.server");
const { snapshotOf } = await import("~/lib/revision-fields");

const { test, call, newKey } = contentApiHarness();

/** What an item leaves behind: its revisions and audit entries, by action. */
async function traces(id: string) {
  const db = test.handle().db;
  const revisions = rowsOf<{ action: string }>(
    await db.execute(sql`select action from content_revisions where item_id = ${id} order by id`),
  ).map((r) => r.action);
  const audit = rowsOf<{ action: string; actor: string }>(
    await db.execute(sql`select action, actor from audit_log where entity_id = ${id} order by at, action`),
  );
  return { revisions, audit };
}

describe.each(COLLECTIONS)("one %s item", (collection) => {
  const path = `/${collection}`;

  async function created(key: string, title: string, extra: Json = {}) {
    const answer = await call("POST", path, { key, body: validBody(collection, title, extra) });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("etag")).toBe(`"${answer.body.data.updated_at}"`);
    return answer.body.data as Json;
  }

  /** A teammate's save in the back office (the model the admin's form calls), which moves the item's version. */
  async function teammateSaves(id: string, title: string) {
    const dana = await addMember(test.handle().db, {
      name: "Dana Price",
      email: `dana-${collection}-${Date.now()}@example.com`,
      role: "editor",
    });
    if (collection === "blog") {
      const post = await getPostById(id);
      if (!post) throw new Error("post gone");
      await updatePost(id, { ...blogWriteOf(snapshotOf(post), post), title }, memberContext(dana));
    } else {
      const item = await getAcademyById(id);
      if (!item) throw new Error("item gone");
      await updateAcademyItem(id, { ...academyWriteOf(snapshotOf(item), item), title }, memberContext(dana));
    }
    return dana;
  }

  it("is read by id whatever its status, with its version as a strong ETag; a published one's slug read names the same", async () => {
    const { plaintext } = await newKey();
    const draft = await created(plaintext, "Read me draft");
    const read = await call("GET", `${path}/${draft.id}`, { key: plaintext });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(draft);
    expect(read.headers.get("etag")).toBe(`"${draft.updated_at}"`);
    expect(read.headers.get("cache-control")).toBe("no-store");

    const live = await created(plaintext, "Read me live", { status: "published" });
    const bySlug = await call("GET", `${path}?slug=${live.slug}`, { key: plaintext });
    const byId = await call("GET", `${path}/${live.id}`, { key: plaintext });
    expect(bySlug.headers.get("etag")).toBe(byId.headers.get("etag"));

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const missing = await call("GET", `${path}/${id}`, { key: plaintext });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toMatch(/has this id/);
    }
    expect((await call("GET", `${path}/${draft.id}`)).status).toBe(401);
  });

  it("a list read carries an ETag derived from its items: it moves when one of them is saved", async () => {
    const { plaintext } = await newKey();
    const live = await created(plaintext, "Listed item", { status: "published" });
    const first = await call("GET", path, { key: plaintext });
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect((await call("GET", path, { key: plaintext })).headers.get("etag")).toBe(tag);
    expect((await call("GET", `${path}?limit=1`, { key: plaintext })).headers.get("etag")).not.toBe(tag);
    await call("PATCH", `${path}/${live.id}`, { key: plaintext, body: { title: "Listed item, renamed" } });
    expect((await call("GET", path, { key: plaintext })).headers.get("etag")).not.toBe(tag);
  });

  it("PATCH with the current ETag changes the fields sent, keeps the others, and saves like the back office", async () => {
    const { plaintext } = await newKey();
    const item = await created(plaintext, "Patch me", { status: "published", tags: ["one"] });
    const version = await currentContentVersion();
    const updated = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: { title: "Patched", tags: "two, three" },
      headers: { "if-match": `"${item.updated_at}"` },
    });
    expect(updated.status).toBe(200);
    // Everything not sent is as it was.
    expect(updated.body.data).toEqual({
      ...item,
      title: "Patched",
      tags: ["two", "three"],
      updated_at: expect.any(String),
      ...(collection === "blog" ? {} : { view_count: expect.any(Number) }),
    });
    expect(updated.headers.get("etag")).toBe(`"${updated.body.data.updated_at}"`);
    expect(updated.headers.get("etag")).not.toBe(`"${item.updated_at}"`);
    // A published item's change is public at once; the save is kept in its history and audited under the key.
    expect(await currentContentVersion()).toBeGreaterThan(version);
    const { revisions, audit } = await traces(item.id);
    expect(revisions).toEqual(["create", "update"]);
    expect(audit.map((a) => a.action)).toEqual([`${collection}.create`, `${collection}.update`]);
    expect(audit[1]?.actor).toMatch(/^api-key:ak_content_/);
    // Without If-Match, or with *, the update goes through as before.
    const blind = await call("PATCH", `${path}/${item.id}`, { key: plaintext, body: { title: "Blind" } });
    expect(blind.status).toBe(200);
    const any = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: { title: "Any" },
      headers: { "if-match": "*" },
    });
    expect(any.status).toBe(200);
    expect(any.body.data.title).toBe("Any");
  });

  it("a stale If-Match gets 412 saying who saved when, and changes nothing; the new ETag then saves over theirs", async () => {
    const { plaintext } = await newKey();
    const item = await created(plaintext, "Contested");
    await teammateSaves(item.id, "Their title");
    const before = await traces(item.id);
    const version = await currentContentVersion();
    const refused = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: { title: "My title" },
      headers: { "if-match": `"${item.updated_at}"` },
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error.code).toBe("precondition_failed");
    expect(refused.body.error.message).toMatch(
      /^Not saved: this .* changed after you read it\. Dana Price saved it at/,
    );
    const current = await call("GET", `${path}/${item.id}`, { key: plaintext });
    expect(current.body.data.title).toBe("Their title");
    expect(refused.headers.get("etag")).toBe(current.headers.get("etag"));
    expect(refused.body.error.message).toContain(String(current.headers.get("etag")));
    // Nothing was written: no revision, no audit entry, no content version.
    expect(await traces(item.id)).toEqual(before);
    expect(await currentContentVersion()).toBe(version);
    // A weak tag never matches; a list of tags matches when one of them is current.
    const weak = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: { title: "My title" },
      headers: { "if-match": `W/${current.headers.get("etag")}` },
    });
    expect(weak.status).toBe(412);
    const overwrite = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: { title: "My title" },
      headers: { "if-match": `"${item.updated_at}", ${current.headers.get("etag")}` },
    });
    expect(overwrite.status).toBe(200);
    expect(overwrite.body.data.title).toBe("My title");
    expect((await traces(item.id)).revisions).toEqual([...before.revisions, "update"]);
  });

  it("refuses what create refuses, an empty change, a bad If-Match, If-Match on a create, and other methods", async () => {
    const { plaintext } = await newKey();
    const item = await created(plaintext, "Strict");
    await created(plaintext, "Taken");
    const at = `${path}/${item.id}`;
    const cases: { body: unknown; status: number; field?: string }[] = [
      { body: { title: "" }, status: 400, field: "title" },
      { body: { status: "live" }, status: 400, field: "status" },
      { body: {}, status: 400, field: "body" },
      { body: { unknown: 1 }, status: 400, field: "body" },
      { body: { slug: "!!!" }, status: 400, field: "slug" },
      { body: { published_at: "2026-03-02T09:00:00Z" }, status: 400, field: "published_at" },
      { body: { status: "draft", published_at: "2026-03-02T09:00:00Z" }, status: 400, field: "published_at" },
      { body: { slug: "taken" }, status: 409 },
    ];
    for (const { body, status, field } of cases) {
      const answer = await call("PATCH", at, { key: plaintext, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const malformed = await call("PATCH", at, {
      key: plaintext,
      body: { title: "x" },
      headers: { "if-match": item.updated_at },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/If-Match/);
    const gone = await call("PATCH", `${path}/00000000-0000-4000-8000-000000000000`, {
      key: plaintext,
      body: { title: "x" },
      headers: { "if-match": `"${item.updated_at}"` },
    });
    expect(gone.status).toBe(404);
    const create = await call("POST", path, {
      key: plaintext,
      body: validBody(collection, "With If-Match"),
      headers: { "if-match": "*" },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.message).toMatch(/If-Match applies to updating one item/);
    const other = await call("DELETE", at, { key: plaintext });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("GET, HEAD, PATCH");
    expect((await call("GET", at, { key: plaintext })).body.data).toMatchObject({ title: "Strict" });
  });

  it("a URL field is emptied with null; an unknown block is dropped with a warning", async () => {
    const { plaintext } = await newKey();
    const url = "https://example.com/picture.png";
    const field = collection === "blog" ? "featured_image" : "thumbnail_url";
    const item = await created(plaintext, "Pictured", { [field]: url });
    expect(item[field]).toBe(url);
    const cleared = await call("PATCH", `${path}/${item.id}`, { key: plaintext, body: { [field]: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data[field]).toBeNull();
    const blocks = [
      { type: "paragraph", data: { text: "Kept" } },
      { type: "image", data: { url } },
    ];
    const dropped = await call("PATCH", `${path}/${item.id}`, {
      key: plaintext,
      body: collection === "blog" ? { content: blocks } : { rich_content: blocks },
    });
    expect(dropped.status).toBe(200);
    expect(dropped.body.warnings).toEqual([
      expect.stringMatching(/\.1: a block of type "image" is not supported/),
    ]);
    expect(dropped.body.data.rich_content).toEqual([{ type: "paragraph", data: { text: "Kept" } }]);
  });
});
