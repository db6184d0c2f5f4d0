import { EventEmitter } from 'node:events';

/** A file's scan ended; the payload is contracts' `FileScanned`. */
export const FILE_SCANNED = 'FILE_SCANNED';

/**
 * A referral changed in a way the practices on it should see at once (offered, accepted, a new
 * comment …); the payload is `ReferralChanged`. The events socket forwards it to their members.
 */
export const REFERRAL_CHANGED = 'REFERRAL_CHANGED';
export interface ReferralChanged {
  referralId: number;
  /** A timeline kind, or COMMENTED. */
  kind: string;
  /** The practices whose members should hear of it. */
  practiceIds: number[];
}

/**
 * Events other parts react to (FILE_SCANNED, later chat messages and referral offers). In-process
 * by default; the real-time issue adds a Redis transport behind the same interface so every
 * instance hears every event.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns a function that unsubscribes. */
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
