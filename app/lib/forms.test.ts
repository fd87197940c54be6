import { describe, expect, it } from "vitest";
import { academySchema, blogPostSchema } from "./cms";
import { GONE_STATUS, gone, parseForm, parseRequiredForm } from "./forms";

describe("form schemas", () => {
  it("blog: requires title and slug with the spec message, and keeps going on long meta text", () => {
    const missing = parseRequiredForm(
      blogPostSchema,
      { title: "", slug: "" },
      ["title", "slug"],
      "Please fill in title and slug",
    );
    expect(missing).toMatchObject({ ok: false, message: "Please fill in title and slug" });
    if (!missing.ok) expect(Object.keys(missing.fieldErrors).sort()).toEqual(["slug", "title"]);

    const slugOnlySymbols = parseRequiredForm(
      blogPostSchema,
      { title: "T", slug: "!!!" },
      ["title", "slug"],
      "m",
    );
    expect(slugOnlySymbols.ok).toBe(false);

    const ok = parseRequiredForm(
      blogPostSchema,
      {
        title: " Hello ",
        slug: "Hello  World--Again",
        tags: "a, b,, a ,",
        metaTitle: "x".repeat(90),
        metaDescription: "y".repeat(200),
        featuredImage: "",
      },
      ["title", "slug"],
      "m",
    );
    expect(ok.ok).toBe(true);
    if (ok.ok) {
      expect(ok.data).toMatchObject({
        title: "Hello",
        slug: "hello-world-again",
        tags: ["a", "b"],
        author: "Admin",
        status: "draft",
        featuredImage: null,
      });
      expect(ok.data.metaTitle).toHaveLength(90);
    }
  });

  it("blog: rejects an unknown status and a non-URL image with field errors", () => {
    const result = parseRequiredForm(
      blogPostSchema,
      { title: "T", slug: "t", status: "deleted", featuredImage: "javascript:alert(1)" },
      ["title", "slug"],
      "m",
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["featuredImage", "status"]);
  });

  it("academy: parses duration, featured and difficulty with defaults", () => {
    const result = parseRequiredForm(
      academySchema,
      { title: "T", slug: "t", category: "Sales", duration: "12.7 min", featured: "on" },
      ["title", "slug", "category"],
      "Please fill in title, slug, and category",
    );
    expect(result).toMatchObject({
      ok: true,
      data: { duration: 12, featured: true, difficulty: "beginner", status: "draft", videoUrl: null },
    });
    const missing = parseRequiredForm(
      academySchema,
      { title: "T", slug: "t" },
      ["title", "slug", "category"],
      "x",
    );
    expect(missing).toMatchObject({ ok: false, message: "x", fieldErrors: { category: "Required" } });
    const bad = parseRequiredForm(
      academySchema,
      { title: "T", slug: "t", category: "c", duration: "abc" },
      [],
      "x",
    );
    expect(bad).toMatchObject({ ok: true, data: { duration: 0, featured: false } });
  });
});

describe("parseForm", () => {
  it("answers the submitted text fields with the errors, so the form re-renders them", () => {
    const form = new FormData();
    form.set("title", "Kept");
    form.set("slug", "");
    form.set("file", new Blob(["x"]), "x.txt");
    const parsed = parseRequiredForm(
      blogPostSchema,
      form,
      ["title", "slug"],
      "Please fill in title and slug",
    );
    expect(parsed).toMatchObject({
      ok: false,
      message: "Please fill in title and slug",
      values: { title: "Kept", slug: "" },
      fieldErrors: { slug: "Required" },
    });
    if (!parsed.ok) expect(parsed.values).not.toHaveProperty("file");
    expect(parseForm(blogPostSchema, { title: "T", slug: "t", status: "gone" })).toMatchObject({
      ok: false,
      fieldErrors: { status: expect.any(String) },
    });
  });
});

describe("already gone", () => {
  it("answers 404 with the action's own failure toast and what the user typed", () => {
    const answer = gone("Failed to update blog post", { intent: "update", values: { title: "T" } });
    expect(GONE_STATUS).toBe(404);
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({
      ok: false,
      intent: "update",
      values: { title: "T" },
      toast: { type: "error", message: "Failed to update blog post" },
    });
  });
});
