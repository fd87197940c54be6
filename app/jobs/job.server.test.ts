// The job runner: jobs start in list order; a job whose start throws is logged and started again later (the
// others run meanwhile); at shut-down every job is stopped, then drained once, even when one of them throws.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/infra/logger.server";
import { type Job, jobRunner, loopJob, RETRY_FIRST_MS } from "./job.server";

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
