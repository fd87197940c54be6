// The content rules of the team's roles that a crafted form post must not get around (a contributor publishing,
// an editor or author editing what is not theirs), through the route modules as a browser would use them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import { auditLog, blogPosts, formResponses, forms } from "~/db/schema";
import { DEFAULT_ROUTING } from "~/lib/form-builder/routing";
import { accept, answer, request, run, saveForm, setupTeam, signIn } from "../support/team-routes";
import { WEBINAR_EDITOR_INPUT } from "../support/webinar-form";

const { test, invite, owner } = setupTeam();

describe("team: content rules", () => {
  beforeAll(async () => {
    for (const role of ["editor", "author", "contributor"] satisfies Role[]) {
      const accepted = await accept(
        await invite(`${role}@example.com`, role),
        `The ${role}`,
        `${role}-password`,
      );
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(302);
    }
  });

  describe("content rules a crafted form post cannot get around", () => {
    const post = (cookie: string, form: Record<string, string>) =>
      run("routes/admin/blog.tsx", "action", request("/admin/blog", cookie, form));
    const bySlug = async (slug: string) =>
      (await test.handle().db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

    it("a contributor cannot publish: not on create, not by saving, not by the status toggle", async () => {
      const cookie = await signIn("contributor@example.com", "contributor-password");
      const audits = (await test.handle().db.select().from(auditLog)).length;
      const direct = await answer(
        await post(cookie, {
          intent: "create",
          title: "Live",
          slug: "contributor-live",
          status: "published",
        }),
      );
      expect(direct.status).toBe(403);
      expect(JSON.stringify(direct.body)).toContain("Only owners, administrators, editors and authors");
      expect(await bySlug("contributor-live")).toBeUndefined();

      expect(
        (
          await answer(
            await post(cookie, {
              intent: "create",
              title: "Draft",
              slug: "contributor-draft",
              status: "draft",
            }),
          )
        ).status,
      ).toBe(200);
      const draft = await bySlug("contributor-draft");
      const saved = await answer(
        await post(cookie, {
          intent: "update",
          id: draft?.id ?? "",
          title: "Draft",
          slug: "contributor-draft",
          status: "published",
        }),
      );
      expect(saved.status).toBe(403);
      expect((await answer(await post(cookie, { intent: "toggle", id: draft?.id ?? "" }))).status).toBe(403);
      expect((await bySlug("contributor-draft"))?.status).toBe("draft");
      // The refused posts wrote nothing (only the draft's own entry was added).
      expect((await test.handle().db.select().from(auditLog)).length).toBe(audits + 1);

      // Once an editor published it, the contributor can neither change nor delete it.
      const editor = await signIn("editor@example.com", "editor-password");
      expect((await answer(await post(editor, { intent: "toggle", id: draft?.id ?? "" }))).status).toBe(200);
      expect((await answer(await post(cookie, { intent: "delete", id: draft?.id ?? "" }))).status).toBe(403);
      expect(
        (
          await answer(
            await post(cookie, {
              intent: "update",
              id: draft?.id ?? "",
              title: "Changed",
              slug: "contributor-draft",
              status: "published",
            }),
          )
        ).status,
      ).toBe(403);
      expect(await bySlug("contributor-draft")).toMatchObject({ status: "published", title: "Draft" });
    });

    it("an author cannot edit, publish or delete another author's post by changing the id", async () => {
      const other = await invite("other-author@example.com", "author");
      const { cookie: otherCookie } = await accept(other, "Other author", "other-password");
      const author = await signIn("author@example.com", "author-password");
      expect(
        (
          await answer(
            await post(author, { intent: "create", title: "Mine", slug: "author-mine", status: "published" }),
          )
        ).status,
      ).toBe(200);
      const mine = await bySlug("author-mine");
      expect(mine?.status).toBe("published");
      const forms: Record<string, string>[] = [
        {
          intent: "update",
          id: mine?.id ?? "",
          title: "Taken over",
          slug: "author-mine",
          status: "published",
        },
        { intent: "toggle", id: mine?.id ?? "" },
        { intent: "delete", id: mine?.id ?? "" },
      ];
      for (const form of forms) {
        expect((await answer(await post(otherCookie, form))).status, form.intent).toBe(403);
      }
      expect(await bySlug("author-mine")).toMatchObject({ title: "Mine", status: "published" });
      // Old posts without a creator are the owner's: an author cannot touch them either.
      await test
        .handle()
        .db.update(blogPosts)
        .set({ createdBy: null })
        .where(eq(blogPosts.slug, "author-mine"));
      expect((await answer(await post(author, { intent: "toggle", id: mine?.id ?? "" }))).status).toBe(403);
      // Their own preview links and revisions only.
      const previews = await answer(
        await run(
          "routes/admin/content-previews.ts",
          "loader",
          request(`/admin/content/blog/${mine?.id}/previews`, otherCookie),
          { kind: "blog", id: mine?.id ?? "" },
        ),
      );
      expect(previews.status).toBe(403);
    });
  });

  describe("a form's routing", () => {
    const save = (cookie: string, id: string, routing: unknown, base = "", retentionDays: number | "" = "") =>
      saveForm(cookie, id, { ...WEBINAR_EDITOR_INPUT, routing, retentionDays }, base);
    const stored = async () => (await test.handle().db.select().from(forms))[0];
    const outsider = {
      ...DEFAULT_ROUTING,
      addresses: ["collector@elsewhere.example"],
      confirmation: { enabled: true, subject: "Hi", text: "Hi {name}" },
    };

    it("and retention are the owner's and administrators' to set: an editor's save keeps them, new form or not", async () => {
      const editor = await signIn("editor@example.com", "editor-password");
      const created = await answer(await save(editor, "new", outsider, "", 1));
      expect(created.status).toBe(302);
      expect((await stored())?.routing).toEqual(DEFAULT_ROUTING);
      expect((await stored())?.retentionDays).toBeNull();

      const form = await stored();
      const ownerRouting = { ...DEFAULT_ROUTING, addresses: ["sales@site.example"] };
      expect((await answer(await save(owner.cookie, form?.id ?? "", ownerRouting))).status).toBe(200);
      const after = await stored();
      expect(after?.routing).toEqual(ownerRouting);

      const edited = await answer(
        await save(editor, form?.id ?? "", outsider, after?.updatedAt.toISOString()),
      );
      expect(edited.status).toBe(200);
      expect((await stored())?.routing).toEqual(ownerRouting);

      // The editor's screen shows who hears of it, without the members' addresses to choose from.
      const screen = await answer(
        await run("routes/admin/form-edit.tsx", "loader", request(`/admin/forms/${form?.id}`, editor), {
          id: form?.id ?? "",
        }),
      );
      expect(screen.body).toMatchObject({ mayRoute: false, members: [] });
    });

    it("may be deleted by an editor only while it has no submissions: they are leads", async () => {
      const editor = await signIn("editor@example.com", "editor-password");
      const form = await stored();
      const id = form?.id ?? "";
      await test
        .handle()
        .db.insert(formResponses)
        .values({ formId: id, email: "lead@example.com", values: {} });
      const remove = (cookie: string) =>
        run(
          "routes/admin/form-edit.tsx",
          "action",
          request(`/admin/forms/${id}`, cookie, { intent: "delete" }),
          {
            id,
          },
        );
      const refused = await answer(await remove(editor));
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain("This form has submissions, which are leads");
      expect(await stored()).toBeDefined();
      expect((await answer(await remove(owner.cookie))).status).toBe(302);
      expect(await stored()).toBeUndefined();
    });
  });
});
