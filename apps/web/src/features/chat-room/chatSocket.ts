import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { chatRoomApi } from '@referwell/contracts';

const {
  CHAT_CONNECT_TIMEOUT_MS,
  CHAT_RECONNECT_LIMIT,
  CHAT_SOCKET_PATH,
  CHAT_SOCKET_REPLACED,
  CHAT_SOCKET_UNAUTHORIZED,
  ServerEvent,
} = chatRoomApi;
type ClientEvent = chatRoomApi.ClientEvent;
type ServerEvent = chatRoomApi.ServerEvent;

/** Spec 3 §9, generic reconnecting socket defaults: the delays between attempts and the uptime after which a connection counts as stable. */
const MIN_DELAY_MS = 1_000;
const MIN_DELAY_JITTER_MS = 4_000;
const MAX_DELAY_MS = 10_000;
const MIN_UPTIME_MS = 5_000;

export interface ChatSocketHandlers {
  onOpen(): void;
  onEvent(event: ServerEvent): void;
  /** The connection dropped; it is being retried. */
  onDrop(): void;
  /** Closed with 4000: the token is invalid or expired. Nothing is retried. */
  onUnauthorized(): void;
  /**
   * Closed with CHAT_SOCKET_REPLACED: the chat was opened in more places than the server allows,
   * and this was the oldest. Nothing is retried (that would push the other window out in turn)
   * until `resume()`.
   */
  onReplaced(): void;
  /** Every retry failed. Nothing more is tried. */
  onGaveUp(): void;
}

export interface ChatSocket {
  /** Sends at once when connected; answers false (and sends nothing) otherwise. */
  send(event: ClientEvent): boolean;
  /**
   * Tries again now when not connected (the page came back to the foreground); with
   * `afterGivingUp`, also once every retry has failed, with a fresh count (the network is back).
   */
  reconnect(afterGivingUp?: boolean): void;
  /** Connects again with a fresh count whatever ended the connection (the person chose to go on here). */
  resume(): void;
  close(): void;
}

export function chatSocketUrl(
  room: string,
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ room, token });
  return `${scheme}://${location.host}${CHAT_SOCKET_PATH}?${query}`;
}

/**
 * The room's socket (spec 3 §4, §9): at most 10 retries, 1000 ms to connect. partysocket counts
 * its retries internally without telling when they run out, so the same count is kept here: each
 * close is an attempt, and a connection that stays up as long as the library's minimum uptime
 * starts the count afresh, as the library's does. `reconnect()` starts a fresh socket at once
 * rather than waiting out the library's back-off (the page came back to the foreground, or the
 * network did).
 */
export function openChatSocket(url: string, handlers: ChatSocketHandlers): ChatSocket {
  let failedAttempts = 0;
  let stable: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let gaveUp = false;
  let socket = connect();

  const stop = () => {
    stopped = true;
    clearTimeout(stable);
    socket.close();
  };

  function connect() {
    const current = new ReconnectingWebSocket(url, [], {
      maxRetries: CHAT_RECONNECT_LIMIT,
      connectionTimeout: CHAT_CONNECT_TIMEOUT_MS,
      minReconnectionDelay: MIN_DELAY_MS + Math.random() * MIN_DELAY_JITTER_MS,
      maxReconnectionDelay: MAX_DELAY_MS,
      minUptime: MIN_UPTIME_MS,
      // Typing and presence go stale; messages are queued by the room and re-sent on opening.
      maxEnqueuedMessages: 0,
      shouldReconnectOnClose: (event) => event.code !== CHAT_SOCKET_UNAUTHORIZED && event.code !== CHAT_SOCKET_REPLACED,
    });
    // A replaced socket's last events (its own closing) are not the room's business.
    const live = () => current === socket && !stopped;
    current.addEventListener('open', () => {
      if (!live()) return;
      stable = setTimeout(() => (failedAttempts = 0), MIN_UPTIME_MS);
      handlers.onOpen();
    });
    current.addEventListener('close', (event) => {
      if (!live()) return;
      clearTimeout(stable);
      if (event.code === CHAT_SOCKET_UNAUTHORIZED) {
        stop();
        handlers.onUnauthorized();
        return;
      }
      if (event.code === CHAT_SOCKET_REPLACED) {
        stop();
        handlers.onReplaced();
        return;
      }
      failedAttempts += 1;
      if (failedAttempts > CHAT_RECONNECT_LIMIT) {
        stop();
        gaveUp = true;
        handlers.onGaveUp();
        return;
      }
      handlers.onDrop();
    });
    current.addEventListener('message', (message) => {
      if (!live()) return;
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        data = undefined;
      }
      const parsed = ServerEvent.safeParse(data);
      if (parsed.success) handlers.onEvent(parsed.data);
      else console.warn('Ignored a chat event the room does not understand', data);
    });
    return current;
  }

  function restart() {
    const previous = socket;
    failedAttempts = 0;
    stopped = gaveUp = false;
    socket = connect();
    previous.close();
  }

  return {
    send(event) {
      if (stopped || socket.readyState !== socket.OPEN) return false;
      socket.send(JSON.stringify(event));
      return true;
    },
    reconnect(afterGivingUp = false) {
      if (
        gaveUp
          ? !afterGivingUp
          : stopped || socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING
      )
        return;
      restart();
    },
    resume: restart,
    close() {
      gaveUp = false;
      stop();
    },
  };
}
