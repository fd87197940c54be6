import { describe, expect, it } from "vitest";
import { dataRequestPage } from "./routed-path";

describe("dataRequestPage", () => {
  it("names the page a client navigation's data request is for", () => {
    expect(dataRequestPage("/pricing.data")).toBe("/pricing");
    expect(dataRequestPage("/blog/a-post.data")).toBe("/blog/a-post");
    expect(dataRequestPage("/_.data")).toBe("/");
    expect(dataRequestPage("/_root.data")).toBe("/");
  });

  it("is null for every other path", () => {
    for (const path of ["/", "/pricing", "/blog/data", "/x.database", "/uploads/a.data.png"]) {
      expect(dataRequestPage(path)).toBeNull();
    }
  });
});
