import { describe, expect, it } from "vitest";
import { academySchema, blogPostSchema } from "./content-schemas";
import { parseRequiredForm } from "./forms";

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
