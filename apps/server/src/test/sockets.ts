import WebSocket from 'ws';
import { SESSION_COOKIE, eventsApi } from '@referwell/contracts';
import type { TestClient } from './client.js';

/**
 * A real WebSocket to the server under test that keeps every JSON message it hears: `opened`
 * rejects with "refused <status>" when the handshake is refused, `closed` gives the close code,
 * and `until` waits (up to 3 s) for a message that passes a test.
 */
export function listeningSocket<M>(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const received: M[] = [];
  socket.on('message', (raw) => received.push(JSON.parse((raw as Buffer).toString()) as M));
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

/**
 * The provider app's events socket for a signed-in client (or none), collecting what it is
 * pushed; `subscribe` sends SUBSCRIBE and waits for the answer.
 */
export function openEventsSocket(base: string, client: TestClient | null, headers: Record<string, string> = {}) {
  const cookie = client ? `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` : undefined;
  const listening = listeningSocket<eventsApi.PushedMessage>(
    `${base}${eventsApi.EVENTS_SOCKET_PATH}?type=EVENTS&sdkVersion=1`,
    {
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  );
  const { socket, received, opened, closed } = listening;
  const until = (test: (m: eventsApi.PushedMessage) => boolean) => listening.until(test);
  const subscribe = async () => {
    await opened;
    socket.send(JSON.stringify({ event: 'post', data: { url: eventsApi.SUBSCRIBE_URL } }));
    await until((m) => m.event === 'SUBSCRIBED');
  };
  return { socket, received, opened, closed, until, subscribe };
}
