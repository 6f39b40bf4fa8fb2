import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` while the app is up (from ready to close), without keeping the process
 * alive; a failure is logged and the next round runs as planned.
 */
export function runPeriodically(
  app: FastifyInstance,
  everyMs: number,
  what: string,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((err) => app.log.warn({ err }, `${what} failed`));
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
