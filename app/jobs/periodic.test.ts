// Periodic jobs on fake timers: a slow round is never overlapped by the next, and failing or slow rounds back off
// (doubling up to the cap) until one succeeds in time.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { periodicJob } from "./periodic.server";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A job whose rounds each take `ms` of (fake) time; counts how many run at once at most. */
function slowJob(ms: () => number, fail: () => boolean = () => false) {
  const state = { running: 0, most: 0, rounds: 0 };
  const job = async () => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    state.rounds++;
    await new Promise((resolve) => setTimeout(resolve, ms()));
    state.running--;
    if (fail()) throw new Error("database unavailable");
  };
  return { state, job };
}

describe("periodicJob", () => {
  it("never starts a round while the previous one runs, however slow the job", async () => {
    const { state, job } = slowJob(() => 5000);
    const periodic = periodicJob("slow job", job, 1000, { maxDelayMs: 4000 });
    periodic.start();
    await vi.advanceTimersByTimeAsync(60_000);
    periodic.stop();
    expect(state.most).toBe(1);
    // Each round takes 5 s and is followed by a wait (doubling from 1 s to 4 s): far fewer than 60 rounds.
    expect(state.rounds).toBeGreaterThan(3);
    expect(state.rounds).toBeLessThan(12);
  });

  it("runNow waits for the round under way, then runs its own", async () => {
    const { state, job } = slowJob(() => 3000);
    const periodic = periodicJob("slow job", job, 1000);
    periodic.start();
    await vi.advanceTimersByTimeAsync(1500); // a round is under way
    expect(state.running).toBe(1);
    const flushed = periodic.runNow();
    periodic.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await flushed;
    expect(state.most).toBe(1);
    expect(state.rounds).toBe(2);
  });

  it("backs off while rounds fail or run long, up to the cap, and returns to the interval after a success", async () => {
    let failing = true;
    const { job } = slowJob(
      () => 10,
      () => failing,
    );
    const periodic = periodicJob("failing job", job, 1000, { maxDelayMs: 8000 });
    periodic.start();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(periodic.delayMs + 10);
      delays.push(periodic.delayMs);
    }
    expect(delays).toEqual([2000, 4000, 8000, 8000, 8000]);
    failing = false;
    await vi.advanceTimersByTimeAsync(periodic.delayMs + 10);
    expect(periodic.delayMs).toBe(1000);
    periodic.stop();
  });

  it("a restart while a round runs keeps one chain of rounds", async () => {
    const { state, job } = slowJob(() => 500);
    const periodic = periodicJob("job", job, 1000);
    periodic.start();
    await vi.advanceTimersByTimeAsync(1200); // first round under way
    periodic.stop();
    periodic.start();
    const before = state.rounds;
    await vi.advanceTimersByTimeAsync(15_000);
    periodic.stop();
    // One chain: a round every 1.5 s (1 s wait + 0.5 s round), so about 10 more, not about 20.
    expect(state.rounds - before).toBeLessThanOrEqual(11);
    expect(state.most).toBe(1);
  });
});
