import { describe, expect, it } from "vitest";
import { formatGrowth, growthRate } from "./growth";

describe("growth rate", () => {
  it.each([
    [10, 5, 100, "+100%"],
    [5, 10, -50, "-50%"],
    [7, 7, 0, "0%"],
    [3, 0, null, "New"],
    [0, 0, null, "0%"],
    [1, 3, -67, "-67%"],
  ])("%i vs %i", (now, before, rate, text) => {
    expect(growthRate(now, before)).toBe(rate);
    expect(formatGrowth(now, before)).toBe(text);
  });
});
