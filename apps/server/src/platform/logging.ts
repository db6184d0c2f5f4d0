import type { FastifyServerOptions } from 'fastify';

/** Query parameters that are credentials: room tokens (the chat page and socket) and signed-link signatures. */
const SECRET_PARAMS = ['token', 'signature'];

/** The URL as logged: credentials in its query string replaced, so the log never holds a working link. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params}` : url;
}

/** The server's logger: the level, and requests logged without the credentials their URLs may carry. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      }),
    },
  };
}
