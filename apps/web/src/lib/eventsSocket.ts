import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { GATES_VERSION, eventsApi } from '@referwell/contracts';

/** Spec 3 §4: the provider web app's socket manager states. */
export type SocketState = 'connecting' | 'connected' | 'disconnected' | 'reconnected';

export interface EventsSocketHandlers {
  onState(state: SocketState): void;
  onMessage(message: eventsApi.PushedMessage): void;
  /** The server closed with 4000: the session ended; the socket stops retrying. */
  onUnauthorized(): void;
}

const { minDelayMs, maxDelayMs, jitter, connectTimeoutMs } = eventsApi.EVENTS_SOCKET_RECONNECT;

export function eventsSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${eventsApi.EVENTS_SOCKET_PATH}?type=${eventsApi.EVENTS_SOCKET_TYPE}&sdkVersion=${GATES_VERSION}`;
}

/**
 * The events socket (spec 3 §6): reconnects forever, 1 s to 5 s apart (the jitter is drawn once
 * per socket: the library has no per-attempt jitter), subscribes on every (re)connection, and
 * reports its state so the app can block with 'Network problems' while it is down. The session
 * cookie authenticates it. Returns a function that closes it for good.
 */
export function openEventsSocket(
  handlers: EventsSocketHandlers,
  options: { WebSocket?: typeof WebSocket; url?: string } = {},
) {
  const socket = new ReconnectingWebSocket(options.url ?? eventsSocketUrl(), [], {
    WebSocket: options.WebSocket,
    minReconnectionDelay: minDelayMs * (1 + Math.random() * jitter),
    maxReconnectionDelay: maxDelayMs,
    connectionTimeout: connectTimeoutMs,
    maxRetries: Infinity,
  });
  let everConnected = false;
  handlers.onState('connecting');

  socket.addEventListener('open', () => {
    socket.send(JSON.stringify({ event: 'post', data: { url: eventsApi.SUBSCRIBE_URL } }));
    handlers.onState(everConnected ? 'reconnected' : 'connected');
    everConnected = true;
  });
  socket.addEventListener('close', (event) => {
    if (event.code === eventsApi.SOCKET_UNAUTHORIZED) {
      socket.close();
      handlers.onUnauthorized();
      return;
    }
    handlers.onState('disconnected');
  });
  socket.addEventListener('message', (event) => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const parsed = eventsApi.PushedMessage.safeParse(data);
    if (parsed.success) handlers.onMessage(parsed.data);
  });
  return () => socket.close();
}
