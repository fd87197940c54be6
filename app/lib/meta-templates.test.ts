import { describe, expect, it } from "vitest";
import { ACADEMY_MESSAGES, BLOG_MESSAGES } from "./cms-messages";
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT } from "./limits";
import {
  defaultMetaTitle,
  fitToLength,
  optimizeAcademyDescription,
  optimizeAcademySummary,
  optimizeBlogMeta,
} from "./meta-templates";

describe("meta title and AI Optimize templates", () => {
  it("defaults the meta title to the title plus the brand suffix", () => {
    expect(defaultMetaTitle("Hello")).toBe("Hello | Asimov");
    expect(defaultMetaTitle("  ")).toBe("");
  });

  it("fits text at a word boundary", () => {
    expect(fitToLength("short", 10)).toBe("short");
    expect(fitToLength("one two three four", 9)).toBe("one two");
    expect(fitToLength("a".repeat(50), 10)).toBe("a".repeat(10));
    expect(fitToLength("  spaced   out  ", 20)).toBe("spaced out");
  });

  it("blog: needs title and excerpt", () => {
    expect(() => optimizeBlogMeta({ title: "", excerpt: "x" })).toThrow(BLOG_MESSAGES.optimizeNeedsInput);
    expect(() => optimizeBlogMeta({ title: "x", excerpt: "   " })).toThrow(BLOG_MESSAGES.optimizeNeedsInput);
  });

  it("blog: meta title within 60 characters with the brand, description within 160", () => {
    const short = optimizeBlogMeta({ title: "Sales AI", excerpt: "How teams use AI." });
    expect(short.metaTitle).toBe("Sales AI | Asimov");
    expect(short.metaDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
    expect(short.metaDescription).toContain("How teams use AI.");

    const long = optimizeBlogMeta({ title: "word ".repeat(5000), excerpt: "ünïcødé text ".repeat(5000) });
    expect(long.metaTitle.length).toBeLessThanOrEqual(META_TITLE_LIMIT);
    expect(long.metaTitle.endsWith(" | Asimov")).toBe(true);
    expect(long.metaDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
    expect(long.metaDescription.startsWith("ünïcødé text")).toBe(true);
  });

  it("academy: built from title, category and difficulty; needs title and category", () => {
    const input = { title: "Pipeline Basics", category: "Sales", difficulty: "advanced" };
    expect(optimizeAcademyDescription(input)).toContain("Pipeline Basics");
    expect(optimizeAcademyDescription(input)).toContain("advanced-level Sales lesson");
    expect(optimizeAcademySummary(input)).toBe(
      "Master Pipeline Basics in this advanced Sales lesson with practical, actionable takeaways.",
    );
    expect(optimizeAcademySummary({ ...input, difficulty: "bogus" })).toContain("beginner");
    for (const bad of [
      { ...input, title: "" },
      { ...input, category: "  " },
    ]) {
      expect(() => optimizeAcademyDescription(bad)).toThrow(ACADEMY_MESSAGES.optimizeNeedsInput);
      expect(() => optimizeAcademySummary(bad)).toThrow(ACADEMY_MESSAGES.optimizeNeedsInput);
    }
    const long = optimizeAcademySummary({
      title: "x".repeat(10_000),
      category: "Ops",
      difficulty: "beginner",
    });
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
  });
});
