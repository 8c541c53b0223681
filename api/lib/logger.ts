import { pino, stdTimeFunctions, type DestinationStream, type Logger as PinoLogger } from 'pino';

/**
 * The structured logger, on pino: JSON lines in production, readable lines otherwise. Secrets
 * never reach it: pino removes the values at the paths below (passwords, tokens, cookies,
 * authorization, card data) wherever a call puts them, up to four levels deep, and errors are
 * flattened to name, message, code, cause and a short stack without query parameters.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

/** Field names whose values never reach a log, at any of the first four levels. */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'passwordHash',
  'token',
  'loginToken',
  'secret',
  'clientSecret',
  'client_secret',
  'authorization',
  'cookie',
  'set-cookie',
  'session',
  'signature',
  'stripe-signature',
  'card_number',
  'cardNumber',
  'card_cvc',
  'cvc',
  'number',
];

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_]\w*$/.test(field) ? field : `["${field}"]`;
  const joined = (prefix: string) => (key.startsWith('[') ? `${prefix.replace(/\.$/, '')}${key}` : `${prefix}${key}`);
  return [key, joined('*.'), joined('*.*.'), joined('*.*.*.')];
});

/** Drizzle's "Failed query" messages end with the query's parameters: they never reach a log. */
function withoutParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

/** Flattens errors (anywhere in the fields) to name, message, code, cause and the top of the stack. */
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
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redact(inner, depth + 1)]));
}

/** Development: `info  message {"field":1}` instead of a JSON line. */
function readableLine(json: string): string {
  const { level, msg, time: _time, ...fields } = JSON.parse(json) as Fields;
  const extra = Object.keys(fields).length ? ' ' + JSON.stringify(fields) : '';
  return `${String(level).padEnd(5)} ${String(msg)}${extra}`;
}

export function createLogger(options: { level: LogLevel; json: boolean; base?: Fields; write?: (line: string) => void }): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const destination: DestinationStream = {
    write: (chunk: string) => {
      const line = chunk.trimEnd();
      write(options.json ? line : readableLine(line));
    },
  };
  const logger = pino(
    {
      level: options.level,
      base: options.base ?? null,
      messageKey: 'msg',
      timestamp: stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }), log: (fields) => redact(fields) as Fields },
    },
    destination,
  );
  return wrap(logger);
}

function wrap(logger: PinoLogger): Logger {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (fields) => wrap(logger.child(redact(fields) as Fields)),
  };
}
