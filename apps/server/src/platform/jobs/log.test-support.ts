import type { FastifyBaseLogger } from 'fastify';

export interface LogLine {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  msg: string;
  obj?: unknown;
}

/** A logger for code built outside an app in tests: keeps what was logged in `lines`. */
export function recordingLog(): FastifyBaseLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (objOrMsg: unknown, msg?: string) => {
    lines.push(typeof objOrMsg === 'string' ? { level, msg: objOrMsg } : { level, msg: msg ?? '', obj: objOrMsg });
  };
  const log = {
    lines,
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return log;
}
