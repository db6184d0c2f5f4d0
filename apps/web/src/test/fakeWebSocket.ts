/**
 * A WebSocket stand-in for jsdom. By default sockets stay "connecting" forever, so screens that
 * keep the events socket open render as they would before it connects; tests of the socket take
 * the latest instance and play the server: open it, push messages, close it.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.serverClose(code);
  }

  /** The server accepts the connection. */
  serverOpen() {
    this.readyState = FakeWebSocket.OPEN;
    const event = new Event('open');
    this.onopen?.(event);
    this.dispatchEvent(event);
  }

  serverSend(message: unknown) {
    const event = new MessageEvent('message', { data: JSON.stringify(message) });
    this.onmessage?.(event);
    this.dispatchEvent(event);
  }

  serverClose(code: number) {
    this.readyState = FakeWebSocket.CLOSED;
    const event = new CloseEvent('close', { code, reason: '', wasClean: true });
    this.onclose?.(event);
    this.dispatchEvent(event);
  }

  static latest() {
    return FakeWebSocket.instances.at(-1)!;
  }
}
