/** A small structured logger: JSON lines in production, readable lines otherwise. Secrets never reach it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|session|signature|card_?number|cvc/i;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

/** Drizzle's "Failed query" messages end with the query's parameters: they never reach a log. */
function withoutParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

/** Replaces the values of secret-looking keys, recursively, and flattens errors to name, message and cause. */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const cause = value.cause instanceof Error ? { cause: redact(value.cause, depth + 1) } : {};
    const rawCode: unknown = (value as Error & { code?: unknown }).code;
    const code = typeof rawCode === 'string' ? { code: rawCode } : {};
    const stack = value.stack ? { stack: withoutParameters(value.stack).split('\n').slice(0, 8).join('\n') } : {};
    return { name: value.name, message: withoutParameters(value.message), ...code, ...cause, ...stack };
  }
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Fields = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1);
  }
  return out;
}

export function createLogger(options: { level: LogLevel; json: boolean; base?: Fields; write?: (line: string) => void }): Logger {
  const threshold = order[options.level];
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const base = options.base ?? {};
  const log = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Fields) => {
    if (order[level] < threshold) return;
    const data = redact({ ...base, ...fields }) as Fields;
    if (options.json) {
      write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...data }));
      return;
    }
    const extra = Object.keys(data).length ? ' ' + JSON.stringify(data) : '';
    write(`${level.padEnd(5)} ${message}${extra}`);
  };
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}
