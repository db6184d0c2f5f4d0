import { vi } from 'vitest';

/** A stand-in XMLHttpRequest that records requests and lets a test answer them (test only). */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number) {
    this.status = status;
    this.onload?.();
  }

  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  /** The next request sent, once it is. */
  static async next(index = FakeXhr.sent.length): Promise<FakeXhr> {
    // Hashing and the link request come first; on a busy machine that takes more than a second.
    await vi.waitFor(
      () => {
        if (!FakeXhr.sent[index]) throw new Error('no upload request yet');
      },
      { timeout: 5_000 },
    );
    return FakeXhr.sent[index];
  }
}
