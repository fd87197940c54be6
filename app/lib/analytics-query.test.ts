import { describe, expect, it } from "vitest";
import {
  activeFilters,
  addDays,
  analyticsSearch,
  filterLabel,
  leadsKnown,
  parseAnalyticsQuery,
  previousRange,
  valueLabel,
} from "./analytics-query";

const TODAY = "2026-03-10";
const parse = (search: string) => parseAnalyticsQuery(new URLSearchParams(search), TODAY);

describe("the Analytics page's query", () => {
  it("reads a preset (default the last 30 days) and compares it with the days just before", () => {
    expect(parse("")).toEqual({
      preset: "30d",
      range: { from: "2026-02-09", to: TODAY },
      previous: { from: "2026-01-10", to: "2026-02-08" },
      days: 30,
      filter: {},
    });
    expect(parse("?range=today")).toMatchObject({
      range: { from: TODAY, to: TODAY },
      previous: { from: "2026-03-09", to: "2026-03-09" },
      days: 1,
    });
    expect(parse("?range=7d").range).toEqual({ from: "2026-03-04", to: TODAY });
    expect(parse("?range=90d").days).toBe(90);
    expect(parse("?range=nonsense").preset).toBe("30d");
  });

  it("reads a custom range, and refuses one that cannot be shown with what was typed", () => {
    expect(parse("?from=2025-12-30&to=2026-01-02")).toMatchObject({
      preset: "custom",
      range: { from: "2025-12-30", to: "2026-01-02" },
      previous: { from: "2025-12-26", to: "2025-12-29" },
      days: 4,
    });
    for (const [search, message] of [
      ["?from=2026-03-05&to=2026-03-01", "The start date must be on or before the end date."],
      ["?from=2026-03-05&to=2026-03-11", "The end date cannot be after today (UTC)."],
      ["?from=2026-02-30&to=2026-03-01", "Enter both dates of the custom range."],
      ["?from=2026-03-01", "Enter both dates of the custom range."],
      ["?from=2020-01-01&to=2026-03-01", "Choose a range of at most two years."],
    ] as const) {
      const q = parse(search);
      expect(q.preset).toBe("30d");
      expect(q.error?.message).toBe(message);
      expect(q.error?.from).toBe(new URLSearchParams(search).get("from") ?? "");
    }
  });

  it("keeps filters, an empty value meaning direct / none", () => {
    const q = parse("?range=7d&source=&campaign=spring&page=%2Fpricing&device=mobile&referrer=google.com");
    expect(q.filter).toEqual({
      source: "",
      campaign: "spring",
      path: "/pricing",
      device: "mobile",
      referrer: "google.com",
    });
    expect(leadsKnown(q.filter)).toBe(false);
    expect(leadsKnown({ source: "x" })).toBe(true);
    expect(activeFilters(q.filter).map((f) => filterLabel(f.key, f.value))).toEqual([
      "Source: Direct",
      "Campaign: spring",
      "Page: /pricing",
      "Referrer: google.com",
      "Device: Mobile",
    ]);
    expect(valueLabel("campaign", "")).toBe("No campaign");
  });

  it("writes URLs that change one thing and keep the rest", () => {
    const q = parse("?range=7d&source=newsletter");
    expect(analyticsSearch(q)).toBe("?range=7d&source=newsletter");
    expect(analyticsSearch(q, { preset: "30d" })).toBe("?source=newsletter");
    expect(analyticsSearch(q, { filter: { campaign: "" } })).toBe("?range=7d&source=newsletter&campaign=");
    expect(analyticsSearch(q, { filter: { source: null } })).toBe("?range=7d");
    expect(analyticsSearch(q, { custom: { from: "2026-01-01", to: "2026-01-31" } })).toBe(
      "?from=2026-01-01&to=2026-01-31&source=newsletter",
    );
    const round = parse(analyticsSearch(q, { filter: { path: "/a b?c" } }));
    expect(round.filter).toEqual({ source: "newsletter", path: "/a b?c" });
  });

  it("counts days across month and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
  });
});
