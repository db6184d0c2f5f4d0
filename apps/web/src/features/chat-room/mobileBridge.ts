/**
 * The mobile bridge (spec 3 §2): when the room runs inside the iOS or Android app, it tells the
 * app about things the app handles itself. Each event goes to the iOS script message handler of
 * the same name (`window.webkit.messageHandlers.<event>.postMessage(payload)`) and to the Android
 * JavaScript interface method of the same name (`window.Android.<event>(JSON.stringify(payload))`),
 * whichever exists.
 *
 * Events and payloads:
 * - openChat    { room }                 the room has loaded and is connecting
 * - OPEN_LINK   { url }                  the person tapped a link (the app opens it)
 * - TAPPED_FILE { id, name, type, url }  the person tapped a clean, non-image file
 */
export type BridgeEvent = 'openChat' | 'OPEN_LINK' | 'TAPPED_FILE';

export type BridgePayloads = {
  openChat: { room: string };
  OPEN_LINK: { url: string };
  TAPPED_FILE: { id: number; name: string; type: string; url: string | null };
};

interface NativeHosts {
  webkit?: { messageHandlers?: Record<string, { postMessage(payload: unknown): void } | undefined> };
  Android?: Record<string, unknown>;
}

/** Hands an event to the app; answers whether any app handler took it. */
export function emitToApp<E extends BridgeEvent>(event: E, payload: BridgePayloads[E]): boolean {
  const hosts = window as unknown as NativeHosts;
  let delivered = false;
  const ios = hosts.webkit?.messageHandlers?.[event];
  if (ios) {
    ios.postMessage(payload);
    delivered = true;
  }
  const android = hosts.Android?.[event];
  if (typeof android === 'function') {
    android.call(hosts.Android, JSON.stringify(payload));
    delivered = true;
  }
  return delivered;
}
