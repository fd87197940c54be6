// The error a route's read of its request body fails with once the HTTP host has refused that body
// (server/body-limit.ts: over the route's limit, sent without Content-Length, so found out while streaming). The
// 413 is already out when the reader sees it: the route must not act on a cut-off body, and there is nothing more
// to answer or to log.
export class BodyRefusedError extends Error {
  constructor(limitBytes: number) {
    super(`request body over ${limitBytes} bytes (answered 413)`);
    this.name = "BodyRefusedError";
  }
}

/** Whether `error` (or its cause: readers may wrap it) is that refusal. */
export function isBodyRefused(error: unknown): boolean {
  return (
    error instanceof BodyRefusedError || (error instanceof Error && error.cause instanceof BodyRefusedError)
  );
}
