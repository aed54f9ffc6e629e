/**
 * Structured JSON logs, one line per entry, with the request id so CloudWatch Logs Insights can
 * follow a request. No dependency: Lambda captures stdout.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serialiseError(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return error;
}

export function createLogger(base: Record<string, unknown> = {}, minLevel: Level = 'info'): Logger {
  const write = (level: Level, message: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < order[minLevel]) return;
    if (process.env.QUIZ_SILENT_LOGS === '1' && level !== 'error') return;
    const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message, ...base };
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
  };
}
