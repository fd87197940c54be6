import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { academyContent } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  getPublishedAcademyItem,
  listAcademyCategories,
  listFeaturedAcademy,
  listPublishedAcademyEntries,
  listRelatedAcademy,
  searchPublishedAcademy,
} from "./academy.server";

const test = setupTestDatabase();

type NewItem = typeof academyContent.$inferInsert;
const suffix = randomBytes(3).toString("hex");

async function insert(item: Partial<NewItem> & { title: string }) {
  const slug = `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${suffix}`;
  const [row] = await test
    .handle()
    .db.insert(academyContent)
    .values({ category: "General", status: "published", publishedAt: new Date(), ...item, slug })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();

describe("academy public reads", () => {
  it("search matches title, description or tags case-insensitively, AND category and difficulty", async () => {
    await insert({
      title: "Pipeline Basics",
      description: "Start here",
      category: "Getting Started",
      tags: ["Onboarding"],
      difficultyLevel: "beginner",
    });
    await insert({
      title: "Forecasting",
      description: "Build a PIPELINE forecast",
      category: "Analytics",
      tags: ["finance"],
      difficultyLevel: "advanced",
    });
    await insert({
      title: "Stakeholder maps",
      description: "Who decides",
      category: "Analytics",
      tags: ["enterprise", "Pipeline-Risk"],
      difficultyLevel: "intermediate",
    });
    await insert({
      title: "Pipeline Draft",
      description: "not public",
      category: "Analytics",
      status: "draft",
    });
    await insert({
      title: "Pipeline Archived",
      description: "not public",
      category: "Analytics",
      status: "archived",
    });

    // Title, description and tag matches, in any case; drafts and archived items never show.
    expect(titles(await searchPublishedAcademy({ q: "pIpElInE" }))).toEqual([
      "Forecasting",
      "Pipeline Basics",
      "Stakeholder maps",
    ]);
    // A tag alone matches.
    expect(titles(await searchPublishedAcademy({ q: "ONBOARD" }))).toEqual(["Pipeline Basics"]);
    // AND with the category.
    expect(titles(await searchPublishedAcademy({ q: "pipeline", category: "Analytics" }))).toEqual([
      "Forecasting",
      "Stakeholder maps",
    ]);
    // AND with the difficulty.
    expect(
      titles(await searchPublishedAcademy({ q: "pipeline", category: "Analytics", difficulty: "advanced" })),
    ).toEqual(["Forecasting"]);
    // Filters without a search.
    expect(titles(await searchPublishedAcademy({ difficulty: "intermediate" }))).toEqual([
      "Stakeholder maps",
    ]);
    // Nothing matches: an empty list, not an error.
    expect(
      await searchPublishedAcademy({ q: "pipeline", difficulty: "beginner", category: "Analytics" }),
    ).toEqual([]);
    // No filter: every published item.
    expect(titles(await searchPublishedAcademy({}))).toEqual([
      "Forecasting",
      "Pipeline Basics",
      "Stakeholder maps",
    ]);
  });

  it("treats LIKE wildcards in the search literally and ignores unknown difficulties", async () => {
    await insert({ title: "Discounts of 100% explained", category: "Pricing" });
    await insert({ title: "Discounts of 1000 explained", category: "Pricing" });
    expect(titles(await searchPublishedAcademy({ q: "100%" }))).toEqual(["Discounts of 100% explained"]);
    expect(await searchPublishedAcademy({ q: "%" })).toHaveLength(1);
    expect(await searchPublishedAcademy({ q: "_" })).toHaveLength(0);
    expect(await searchPublishedAcademy({ category: "Pricing", difficulty: "expert" as never })).toHaveLength(
      2,
    );
  });

  it("lists up to three featured items and the categories of published content", async () => {
    for (let i = 0; i < 4; i++)
      await insert({ title: `Featured ${i}`, category: "Featured", isFeatured: true });
    await insert({ title: "Featured draft", category: "Secret", isFeatured: true, status: "draft" });
    const featured = await listFeaturedAcademy();
    expect(featured).toHaveLength(3);
    expect(featured.every((f) => f.isFeatured && f.status === "published")).toBe(true);
    const categories = await listAcademyCategories();
    expect(categories).toContain("Featured");
    expect(categories).not.toContain("Secret");
    expect([...categories].sort()).toEqual(categories);
  });

  it("finds only published items by slug, relates by category", async () => {
    const a = await insert({ title: "Views A", category: "Views" });
    await insert({ title: "Views B", category: "Views" });
    const draft = await insert({ title: "Views draft", category: "Views", status: "draft" });
    expect((await getPublishedAcademyItem(a.slug))?.id).toBe(a.id);
    expect(await getPublishedAcademyItem(draft.slug)).toBeUndefined();
    expect(titles(await listRelatedAcademy(a))).toEqual(["Views B"]);

    const entries = await listPublishedAcademyEntries();
    expect(entries.map((e) => e.slug)).toContain(a.slug);
    expect(entries.map((e) => e.slug)).not.toContain(draft.slug);
  });
});
