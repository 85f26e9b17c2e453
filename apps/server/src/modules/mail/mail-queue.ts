import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/**
 * Work done after the answer has left: the mails whose timing would otherwise tell a caller
 * something (forgot-password must answer alike for known and unknown addresses, and an SMTP round
 * trip is the slowest part). In-process and best effort: a job lost in a crash is a mail the user
 * asks again. Failures are logged, never thrown at the caller.
 */
export type MailQueue = {
  enqueue: (label: string, job: () => Promise<void>) => void;
  /** Resolves when every job queued so far has finished (tests, and closing the app). */
  idle: () => Promise<void>;
  /** How many jobs were queued since start; lets a test show two requests took the same path. */
  readonly enqueuedCount: number;
};

export const createMailQueue = (log: FastifyBaseLogger): MailQueue => {
  const running = new Set<Promise<void>>();
  let enqueuedCount = 0;
  return {
    enqueue: (label, job) => {
      enqueuedCount += 1;
      // setImmediate: the job starts after the current request has answered.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) => log.warn({ err: error, job: label }, 'queued mail job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    get enqueuedCount() {
      return enqueuedCount;
    },
  };
};

const queues = new WeakMap<AppDeps, MailQueue>();

/** The app's one mail queue, created on first use; closing the app waits for its jobs. */
export const getMailQueue = (app: FastifyInstance): MailQueue => {
  const existing = queues.get(app.deps);
  if (existing) return existing;
  const queue = createMailQueue(app.log);
  queues.set(app.deps, queue);
  app.addHook('onClose', async () => queue.idle());
  return queue;
};
