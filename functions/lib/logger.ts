import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs, one line per entry, Powertools-style: every line of a request carries its
 * request id and route (and the stage and service), so CloudWatch Logs Insights can follow a
 * request. No dependency: Lambda captures stdout.
 *
 * Entry points (the HTTP chain, the WebSocket handlers, the queue consumer) run their work inside
 * `withRequestLog`, so domain code that is not handed a logger still logs through the request's
 * own one with `requestLog()` — also in the local gateway, which runs many requests in one process.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** The fields every line of this logger carries (request id, route...). */
  readonly fields: Readonly<Record<string, unknown>>;
}

function serialiseError(error: unknown): unknown {
  if (error instanceof Error)
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      ...(error.cause !== undefined ? { cause: serialiseError(error.cause) } : {}),
    };
  return error;
}

/** What identifies the process on every line: the service, the stage, the function and its cold start. */
let coldStart = true;
function processFields(): Record<string, unknown> {
  return {
    service: 'quiz',
    ...(process.env.STAGE ? { stage: process.env.STAGE } : {}),
    ...(process.env.AWS_LAMBDA_FUNCTION_NAME ? { functionName: process.env.AWS_LAMBDA_FUNCTION_NAME } : {}),
    ...(process.env._X_AMZN_TRACE_ID ? { xrayTraceId: process.env._X_AMZN_TRACE_ID } : {}),
  };
}

export function createLogger(base: Record<string, unknown> = {}, minLevel: Level = 'info'): Logger {
  const write = (level: Level, message: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < order[minLevel]) return;
    if (process.env.QUIZ_SILENT_LOGS === '1' && level !== 'error') return;
    const entry: Record<string, unknown> = {
      level,
      time: new Date().toISOString(),
      message,
      ...processFields(),
      ...base,
    };
    for (const [key, value] of Object.entries(fields))
      entry[key] = key === 'error' ? serialiseError(value) : value;
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }, minLevel),
    fields: base,
  };
}

/** The request being served, per async context (one Lambda invocation, or one call in the local gateway). */
interface RequestScope {
  log: Logger;
}
const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` as one request (or one queue message) with `log` as its logger: `requestLog()`
 * answers it anywhere below, across awaits. The first request of a process is marked `coldStart`.
 */
export function withRequestLog<T>(log: Logger, work: (log: Logger) => T): T {
  const scoped = coldStart ? log.child({ coldStart: true }) : log;
  coldStart = false;
  return scopes.run({ log: scoped }, () => work(scoped));
}

/** The logger of the request being served; outside any request, a logger that says so. */
export function requestLog(): Logger {
  return scopes.getStore()?.log ?? createLogger({ route: 'none' }, logLevelFromEnv());
}

function logLevelFromEnv(): Level {
  const level = process.env.LOG_LEVEL;
  return level === 'debug' || level === 'warn' || level === 'error' ? level : 'info';
}
