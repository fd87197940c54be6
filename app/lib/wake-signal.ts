// A process-local "something is waiting" signal between a model and the job that does its background work
// (app/jobs/job.server.ts subscribes a job's loop to one): after a commit, the model calls `notify` and the job
// starts at once instead of at its next poll. Another instance learns of the work at its own poll.
export interface WakeSignal {
  /** Wakes every listener of this process. */
  notify(): void;
  /** Calls `wake` at each `notify`; returns the undo. */
  listen(wake: () => void): () => void;
}

export function wakeSignal(): WakeSignal {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const wake of listeners) wake();
    },
    listen(wake) {
      listeners.add(wake);
      return () => {
        listeners.delete(wake);
      };
    },
  };
}
