import { describe, expect, it } from "vitest";
import { countChange, formatRate, growthRate, rateChange } from "./growth";

describe("change against the previous period", () => {
  it.each([
    [10, 5, 100, "up", "100%", "Up 100% from 5"],
    [5, 10, -50, "down", "50%", "Down 50% from 10"],
    [7, 7, 0, "flat", "", "No change from 7"],
    [3, 0, null, "up", "new", "Up from none"],
    [0, 0, null, "flat", "", "No change from 0"],
    [1, 3, -67, "down", "67%", "Down 67% from 3"],
    [1001, 1000, 0, "up", "less than 1%", "Up less than 1% from 1,000"],
  ] as const)("%i against %i", (now, before, rate, direction, amount, sentence) => {
    expect(growthRate(now, before)).toBe(rate);
    expect(countChange(now, before)).toEqual({
      direction,
      amount,
      previous: before.toLocaleString("en-US"),
      sentence,
    });
  });

  it("compares rates in percentage points", () => {
    expect(formatRate(1 / 3)).toBe("33.3%");
    expect(rateChange(0.125, 0.1)).toEqual({
      direction: "up",
      amount: "2.5 points",
      previous: "10.0%",
      sentence: "Up 2.5 points from 10.0%",
    });
    expect(rateChange(0, 0.5).sentence).toBe("Down 50.0 points from 50.0%");
    expect(rateChange(0.2, 0.2)).toEqual({
      direction: "flat",
      amount: "",
      previous: "20.0%",
      sentence: "No change from 20.0%",
    });
  });
});
