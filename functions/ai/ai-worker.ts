import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AI_WORKER_ARG,
  type WorkerJob,
  type WorkerOutcome,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol';

/**
 * The warm AI worker (extraction-worker.ts), seen from the function: one child process, started
 * on first use and kept between invocations, so the parsers and the kuromoji dictionary are loaded
 * once, not per request. Jobs run one at a time in the order asked (a Lambda instance serves one
 * request at a time; the local gateway queues its concurrent ones).
 *
 * A process rather than a worker thread: a thread that reaches its heap limit in one large
 * allocation (a crafted .doc makes word-extractor grow an array) takes the whole process down or
 * hangs it, while a child process just dies. A job's deadline starts once the worker has loaded
 * what the job needs, so a slow start on a busy machine is never mistaken for a runaway input; the
 * request's own deadline bounds both. A worker that dies or misses a deadline is stopped and the
 * job fails; the next job starts a new one. An idle worker never keeps the function's process
 * alive, and ends when that process does.
 */
interface WorkerLimits {
  /** The worker's heap (old generation), in MB. */
  heapMb: number;
  /** How long one job may work once loaded, in ms. */
  workMs: number;
}

const AI_WORKER_LIMITS: WorkerLimits = { heapMb: 384, workMs: 10_000 };

/**
 * How the worker is started: the bundle next to a deployed function's bundle, or the TypeScript
 * source next to this file (through tsx) in development and tests.
 */
function workerEntry(): { module: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'extraction-worker.mjs');
  if (existsSync(bundled)) return { module: bundled, execArgv: [] };
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/loader.mjs'));
  return { module: join(here, 'extraction-worker.ts'), execArgv: ['--import', tsx.href] };
}

class WarmWorker {
  #child: ChildProcess | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(readonly limits: WorkerLimits = AI_WORKER_LIMITS) {}

  /** The running worker's process id (a new worker has a new one); undefined when none runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * Runs one job in the worker, after the jobs asked before it; `deadline` (epoch ms) is when the
   * answer is due at the latest. Never rejects: a worker that fails gives `{ failure }`.
   */
  run(job: WorkerJob, deadline: number): Promise<WorkerOutcome> {
    const outcome = this.#queue.then(() => this.#execute(job, deadline));
    this.#queue = outcome.catch(() => undefined);
    return outcome;
  }

  /** Stops the worker (a later job starts a new one). */
  stop(): void {
    const child = this.#child;
    this.#child = undefined;
    child?.kill('SIGKILL');
  }

  #start(): ChildProcess {
    const { module, execArgv } = workerEntry();
    const child = fork(module, [AI_WORKER_ARG], {
      execArgv: [...execArgv, `--max-old-space-size=${this.limits.heapMb}`],
      // pdf.js warns on the console about fonts and canvas; a reply says what went wrong.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    child.on('error', () => undefined);
    child.once('exit', () => {
      if (this.#child === child) this.#child = undefined;
    });
    this.#idle(child);
    return child;
  }

  /** An idle worker does not keep the function's process alive; a busy one does. */
  #idle(child: ChildProcess) {
    child.unref();
    child.channel?.unref();
  }

  #execute(job: WorkerJob, deadline: number): Promise<WorkerOutcome> {
    if (deadline - Date.now() <= 0) return Promise.resolve({ failure: 'no time left before the deadline' });
    const child = (this.#child ??= this.#start());
    child.ref();
    child.channel?.ref();
    const id = this.#nextId++;
    return new Promise<WorkerOutcome>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = (ms: number, what: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          // A worker stuck in a job is of no further use.
          if (this.#child === child) this.#child = undefined;
          child.kill('SIGKILL');
          finish({ failure: `${what} timed out` });
        }, ms);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        if ('loaded' in reply) arm(Math.min(this.limits.workMs, deadline - Date.now()), 'the job');
        else {
          const { id: _id, ...outcome } = reply;
          finish(outcome);
        }
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        finish({ failure: `the worker exited (${signal ?? code})` });
      const finish = (outcome: WorkerOutcome) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        this.#idle(child);
        resolve(outcome);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      // Loading is bounded only by the request's deadline.
      arm(deadline - Date.now(), 'loading');
      const request: WorkerRequest = { id, job };
      child.send(request, (error) => {
        if (error) finish({ failure: `the job could not be sent: ${error.message}` });
      });
    });
  }
}

/** The process's AI worker. */
export const aiWorker = new WarmWorker();
