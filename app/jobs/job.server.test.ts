// The job runner: jobs start in list order; a job whose start throws is logged and started again later (the
// others run meanwhile); at shut-down every job is stopped, then drained once, even when one of them throws. A job's
// lag (on /metrics) moves only with rounds that succeed, and the runner reports it for the jobs that have rounds.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/infra/logger.server";
import { type Job, jobRunner, loopJob, pollLoop, RETRY_FIRST_MS, RoundClock } from "./job.server";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A job recording its calls in `log`; `fail` decides whether a step throws. */
function recorded(name: string, log: string[], fail: (step: string) => boolean = () => false): Job {
  const step = (what: string) => () => {
    log.push(`${name}.${what}`);
    if (fail(what)) throw new Error(`${name} ${what} failed`);
  };
  return {
    name,
    start: step("start"),
    stop: step("stop"),
    wake: step("wake"),
    drain: async () => step("drain")(),
  };
}

describe("jobRunner", () => {
  it("logs a job whose start throws, runs the others, and starts it again on its own schedule", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const log: string[] = [];
    let failures = 2;
    const runner = jobRunner([
      recorded("a", log),
      recorded("flaky", log, (step) => step === "start" && failures-- > 0),
      recorded("b", log),
    ]);
    await runner.start();
    expect(log).toEqual(["a.start", "flaky.start", "b.start"]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[1]).toBe('background job "flaky" failed to start');

    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(log.filter((l) => l === "flaky.start")).toHaveLength(2);
    expect(errors).toHaveBeenCalledTimes(2);
    // The wait doubles: nothing at the first interval again, the third start after twice that.
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(log.filter((l) => l === "flaky.start")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(log.filter((l) => l === "flaky.start")).toHaveLength(3);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops every job, then drains each once in list order, whatever throws, however often it is called", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const log: string[] = [];
    const runner = jobRunner([
      recorded("a", log, (step) => step === "stop"),
      recorded("b", log, (step) => step === "drain"),
      recorded("c", log),
    ]);
    await runner.start();
    log.length = 0;
    await Promise.all([runner.shutdown(), runner.shutdown()]);
    await runner.shutdown();
    expect(log).toEqual(["a.stop", "b.stop", "c.stop", "a.drain", "b.drain", "c.drain"]);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it("does not start a failed job again once shut down", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const log: string[] = [];
    const runner = jobRunner([recorded("broken", log, (step) => step === "start")]);
    await runner.start();
    await runner.shutdown();
    await vi.advanceTimersByTimeAsync(10 * RETRY_FIRST_MS);
    expect(log).toEqual(["broken.start", "broken.stop", "broken.drain"]);
  });
});

describe("loopJob", () => {
  /** A loop whose stop resolves only when `finish` is called (a round under way). */
  function slowLoop() {
    const state = { stops: 0, wakes: 0, finish: () => {} };
    const loop = {
      wake: () => void state.wakes++,
      stop: () => {
        state.stops++;
        return new Promise<void>((resolve) => {
          state.finish = resolve;
        });
      },
    };
    return { state, loop };
  }

  it("drain waits for the round the stop let finish", async () => {
    const { state, loop } = slowLoop();
    const job = loopJob("loop", () => loop);
    await job.start();
    job.wake();
    job.stop();
    let drained = false;
    const drain = job.drain().then(() => {
      drained = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(drained).toBe(false);
    state.finish();
    await drain;
    expect(state).toMatchObject({ stops: 1, wakes: 1 });
  });

  it("a loop that finishes starting after the stop is stopped at once", async () => {
    const { state, loop } = slowLoop();
    let begun: (value: typeof loop) => void = () => {};
    const job = loopJob("loop", () => new Promise((resolve) => (begun = resolve)));
    const starting = job.start();
    job.stop();
    begun(loop);
    await starting;
    expect(state.stops).toBe(1);
    state.finish();
    await job.drain();
  });
});

describe("job lag", () => {
  it("is the time since the last successful round beyond the interval, 0 while on time", () => {
    const clock = new RoundClock(1000);
    const now = performance.now();
    expect(clock.lagSeconds(now + 500)).toBe(0);
    expect(clock.lagSeconds(now + 5000)).toBeCloseTo(4, 1);
    clock.succeeded();
    expect(clock.lagSeconds(performance.now() + 900)).toBe(0);
  });

  it("moves only with rounds that succeed (pollLoop)", async () => {
    vi.useRealTimers();
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let fail = true;
    let rounds = 0;
    const loop = pollLoop(
      "test",
      async () => {
        rounds++;
        if (fail) throw new Error("round failed");
        return 0;
      },
      10,
      () => () => {},
    );
    const clock = loop.clock as RoundClock;
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(10));
    const stale = clock.lagSeconds(performance.now() + 60_000);
    fail = false;
    const seen = rounds;
    await vi.waitFor(() => expect(rounds).toBeGreaterThan(seen + 1));
    await loop.stop();
    // Failed rounds left the clock where it started; a successful one brought it to now.
    expect(clock.lagSeconds(performance.now() + 60_000)).toBeLessThan(stale);
  });

  it("is reported by the runner for the jobs that have rounds", () => {
    const log: string[] = [];
    const runner = jobRunner([{ ...recorded("timed", log), lagSeconds: () => 2.5 }, recorded("once", log)]);
    expect(runner.lags()).toEqual([{ job: "timed", seconds: 2.5 }]);
  });
});
