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

  const later = new Date("2025-03-08T09:00:00Z");
  it("takes a requested time: a future one schedules, a past one backdates", () => {
    expect(publishedAtAfter({ status: "draft", publishedAt: null }, "published", now, later)).toEqual(later);
    expect(publishedAtAfter(null, "published", now, earlier)).toEqual(earlier);
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "published", now, later)).toEqual(
      later,
    );
  });
  it("keeps the stored seconds when the same minute comes back from the form", () => {
    const stored = new Date("2024-01-01T00:00:42.123Z");
    const shown = new Date("2024-01-01T00:00:00Z");
    expect(publishedAtAfter({ status: "published", publishedAt: stored }, "published", now, shown)).toEqual(
      stored,
    );
  });
  it("publishes a scheduled item at once when its date is cleared", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: later }, "published", now)).toEqual(now);
  });
  it("ignores a requested time for drafts and archived items", () => {
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "draft", now, later)).toBeNull();
    expect(publishedAtAfter({ status: "published", publishedAt: earlier }, "archived", now, later)).toEqual(
      earlier,
    );
  });
});
