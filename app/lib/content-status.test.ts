import { describe, expect, it } from "vitest";
import { publishedAtAfter, toggledStatus } from "./content-status";

describe("status transitions", () => {
  it("toggles published to draft and anything else to published", () => {
    expect(toggledStatus("published")).toBe("draft");
    expect(toggledStatus("draft")).toBe("published");
    expect(toggledStatus("archived")).toBe("published");
  });

  const now = new Date("2025-03-01T10:00:00Z");
  const earlier = new Date("2024-01-01T00:00:00Z");
  it("sets published_at to now when publishing", () => {
    expect(publishedAtAfter({ status: "draft", publishedAt: null }, "published", now)).toEqual(now);
    expect(publishedAtAfter({ status: "archived", publishedAt: earlier }, "published", now)).toEqual(now);
    expect(publishedAtAfter(null, "published", now)).toEqual(now);
  });
  it("keeps the date of a post that stays published", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "published", now)).toEqual(
      earlier,
    );
    expect(publishedAtAfter({ status: "published", publishedAt: null }, "published", now)).toEqual(now);
  });
  it("clears published_at when drafting and keeps it when archiving", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "draft", now)).toBeNull();
    expect(publishedAtAfter(null, "draft", now)).toBeNull();
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "archived", now)).toEqual(earlier);
    expect(publishedAtAfter(null, "archived", now)).toBeNull();
  });
});
