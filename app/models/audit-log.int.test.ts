// People in the record on a real database: posts and academy items keep who created and last changed them, the
// audit log and revisions name the member, every entry reads as a sentence, and the audit-log screen's query
// filters by member, kind and date and pages through the rest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { academyInput, blogInput } from "../../tests/support/content-input";
import { addMember, memberContext, type TestMember } from "../../tests/support/members";
import { setupTestDatabase } from "../../tests/support/test-db";
import { auditLog, authUsers, blogPosts } from "../db/schema";
import { actorLabel, auditSentence } from "../lib/audit-sentences";
import { createAcademyItem } from "./academy-admin.server";
import { AUDIT_PAGE_SIZE, auditPage, latestAudit } from "./audit.server";
import { createPost, togglePostStatus, updatePost } from "./blog-admin.server";
import { listRevisions } from "./content-revisions.server";

const test = setupTestDatabase();
const db = () => test.handle().db;
let priya: TestMember;
let sam: TestMember;

beforeAll(async () => {
  priya = await addMember(db(), { name: "Priya", email: "priya@example.com", role: "author" });
  sam = await addMember(db(), { name: "Sam", email: "sam@example.com", role: "editor" });
});

const sentenceOf = (e: Awaited<ReturnType<typeof latestAudit>>[number]) =>
  auditSentence({
    who: actorLabel(e.actor, e.memberName),
    action: e.action,
    entity: e.entity,
    details: e.details,
  });

describe("people in the record", () => {
  it("keeps who created and who last changed a post, and says so in sentences", async () => {
    const title = "Forecasting without the spreadsheet theater";
    const post = await createPost(
      blogInput({ title, slug: "forecasting", status: "draft" }),
      memberContext(priya),
    );
    expect(post).toMatchObject({ createdBy: priya.userId, updatedBy: priya.userId });

    await togglePostStatus(post.id, memberContext(priya));
    const [published] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(published).toMatchObject({
      status: "published",
      createdBy: priya.userId,
      updatedBy: priya.userId,
    });

    const edited = await updatePost(
      post.id,
      blogInput({ title: `${title}, revised`, slug: "forecasting", status: "published" }),
      memberContext(sam),
    );
    expect(edited?.after).toMatchObject({ createdBy: priya.userId, updatedBy: sam.userId });

    const sentences = (await latestAudit(3, { actionPrefix: "blog." })).map(sentenceOf);
    expect(sentences).toEqual([
      `Sam edited "${title}, revised"`,
      `Priya published "${title}"`,
      `Priya created "${title}"`,
    ]);

    const revisions = await listRevisions("blog", post.id);
    expect(revisions.map((r) => r.actorName)).toEqual(["Sam", "Priya", "Priya"]);
  });

  it("leaves the member empty for an API key, and a removed member's items keep their content", async () => {
    const gone = await addMember(db(), { name: "Gone", email: "gone@example.com", role: "author" });
    const item = await createAcademyItem(
      academyInput({
        title: "Pipeline hygiene",
        slug: "pipeline-hygiene",
        category: "sales",
        status: "draft",
      }),
      memberContext(gone),
    );
    expect(item.createdBy).toBe(gone.userId);
    await db().delete(authUsers).where(eq(authUsers.id, gone.userId));
    const api = await createPost(blogInput({ title: "From the API", slug: "from-api", status: "draft" }), {
      actor: "api-key:ak_content_1234",
      ip: null,
      userAgent: null,
    });
    expect(api).toMatchObject({ createdBy: null, updatedBy: null });
    const [entry] = await latestAudit(1);
    expect(entry && sentenceOf(entry)).toBe('An API key (ak_content_1234…) created "From the API"');
  });

  it("reads old entries without a member sensibly", async () => {
    // Written a second apart, so "newest first" is certain.
    const at = (n: number) => new Date(Date.now() + 60_000 + n * 1000);
    await db()
      .insert(auditLog)
      .values([
        { actor: null, action: "settings.save", at: at(1) },
        { actor: "scheduler", action: "blog.publish_scheduled", details: { title: "Later" }, at: at(2) },
        {
          actor: "former@example.com",
          action: "lead.status",
          entity: "contact_request",
          details: { before: "new", after: "contacted" },
          at: at(3),
        },
      ]);
    const sentences = (await latestAudit(3)).map(sentenceOf);
    expect(sentences).toEqual([
      "former@example.com moved a contact request from New to Contacted",
      '"Later" went live as scheduled',
      "Someone saved the site settings",
    ]);
  });
});

describe("the upgrade's backfill", () => {
  it("takes who created and who last saved an item from its revisions", async () => {
    const post = await createPost(
      blogInput({ title: "Before members", slug: "before-members", status: "draft" }),
      memberContext(priya),
    );
    await updatePost(
      post.id,
      blogInput({ title: "Before members, edited", slug: "before-members", status: "draft" }),
      memberContext(sam),
    );
    await db().update(blogPosts).set({ createdBy: null, updatedBy: null });
    const migration = readFileSync(
      path.resolve(import.meta.dirname, "../../drizzle/0008_team_record.sql"),
      "utf8",
    );
    const handWritten = migration.split("-- hand-written below: keep when regenerating")[1] ?? "";
    for (const statement of handWritten.split("--> statement-breakpoint"))
      await db().execute(sql.raw(statement));
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row).toMatchObject({ createdBy: priya.userId, updatedBy: sam.userId });
  });
});

describe("the audit-log query", () => {
  it("filters by member, kind of action and date range, and pages", async () => {
    await db().delete(auditLog);
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    const rows = [
      ...Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
        actor: priya.email,
        action: "blog.update",
        details: { title: `Post ${i}` },
        at: day("2026-03-02"),
      })),
      { actor: sam.email, action: "auth.sign_in.success", at: day("2026-03-01") },
      {
        actor: sam.email,
        action: "lead.status",
        at: day("2026-03-03"),
        details: { before: "new", after: "closed" },
      },
      { actor: priya.email, action: "settings.save", at: day("2026-02-20") },
    ];
    await db().insert(auditLog).values(rows);

    const all = await auditPage({});
    expect(all.total).toBe(rows.length);
    expect(all.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await auditPage({}, 2);
    expect(second.entries).toHaveLength(rows.length - AUDIT_PAGE_SIZE);
    expect(new Set([...all.entries, ...second.entries].map((e) => e.id)).size).toBe(rows.length);

    // The dashboard of a member who may not read the whole log: their own entries only.
    const own = await latestAudit(10, { actor: sam.email });
    expect(own.map((e) => e.action)).toEqual(["lead.status", "auth.sign_in.success"]);

    const sams = await auditPage({ member: sam.email });
    expect(sams.entries.map((e) => e.action)).toEqual(["lead.status", "auth.sign_in.success"]);
    expect(sams.entries.every((e) => e.memberName === "Sam")).toBe(true);

    expect((await auditPage({ kind: "security" })).entries.map((e) => e.action)).toEqual([
      "auth.sign_in.success",
    ]);
    expect((await auditPage({ kind: "leads" })).total).toBe(1);
    expect((await auditPage({ kind: "content", member: sam.email })).total).toBe(0);

    const march = await auditPage({ from: "2026-03-01", to: "2026-03-01" });
    expect(march.entries.map((e) => e.action)).toEqual(["auth.sign_in.success"]);
    expect((await auditPage({ to: "2026-02-28" })).entries.map((e) => e.action)).toEqual(["settings.save"]);
    expect((await auditPage({ from: "2026-04-01" })).total).toBe(0);
  });
});
