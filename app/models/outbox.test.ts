import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryDelay } from "./outbox.server";

describe("retry backoff", () => {
  it("doubles from 30 s, stays between half and all of its step, and is capped at 2 h", () => {
    expect(retryDelay(1, DEFAULT_RETRY, () => 1)).toBe(30_000);
    expect(retryDelay(1, DEFAULT_RETRY, () => 0)).toBe(15_000);
    expect(retryDelay(3, DEFAULT_RETRY, () => 1)).toBe(120_000);
    expect(retryDelay(30, DEFAULT_RETRY, () => 1)).toBe(2 * 3_600_000);
  });

  it("keeps retrying for more than 24 hours, even with the shortest jitter every time", () => {
    let waited = 0;
    let attempts = 0;
    while (waited < DEFAULT_RETRY.retryForMs) waited += retryDelay(++attempts, DEFAULT_RETRY, () => 0);
    expect(DEFAULT_RETRY.retryForMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(attempts).toBeGreaterThan(10);
  });
});
