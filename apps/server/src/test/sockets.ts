import WebSocket from 'ws';

/**
 * A real WebSocket to the server under test that keeps every JSON message it hears: `opened`
 * rejects with "refused <status>" when the handshake is refused, `closed` gives the close code,
 * and `until` waits (up to 3 s) for a message that passes a test.
 */
export function listeningSocket<M>(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const received: M[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as M));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  async function until<T extends M>(test: ((m: M) => m is T) | ((m: M) => boolean), what = 'the message'): Promise<T> {
    for (let i = 0; i < 150; i += 1) {
      const found = received.find(test);
      if (found) return found as T;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${what} not received; got ${JSON.stringify(received)}`);
  }
  return { socket, received, opened, closed, until };
}
