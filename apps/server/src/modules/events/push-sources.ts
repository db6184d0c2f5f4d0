import type { eventsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { referralPushSource } from '../referrals/referral-push.js';

/** One message for the members of one practice. */
export interface Push {
  practiceId: number;
  message: eventsApi.PushedMessage;
}

/**
 * An area's bus events that reach the provider app's socket: the topic, and what the members of
 * each practice concerned are told. Areas add theirs to `pushSources` below, as unread counters do.
 */
export interface PushSource {
  topic: string;
  toPushes(db: Db, payload: unknown): Promise<Push[]>;
}

export const pushSources: readonly PushSource[] = [referralPushSource];
