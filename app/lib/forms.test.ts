import { describe, expect, it } from "vitest";
import { blogPostSchema } from "./content-schemas";
import { GONE_STATUS, gone, parseForm, parseRequiredForm } from "./forms";

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
