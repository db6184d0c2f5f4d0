import type { eventsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { referralPushSource } from '../referrals/referral-push.js';
import { chatPushSource } from '../chats/chat-push.js';
import { notificationDismissedPushSource, notificationPushSource } from '../notifications/notification-push.js';
import { intakeChangePushSource, intakePushSource } from '../intake/intake-notices.js';

/**
 * One message: for the members of a practice, for some people, or for those people among a
 * practice's members when both are named.
 */
export type Push =
  | { practiceId: number; userIds?: readonly number[]; message: eventsApi.PushedMessage }
  | { practiceId?: undefined; userIds: readonly number[]; message: eventsApi.PushedMessage };

/**
 * An area's bus events that reach the provider app's socket: the topic, and what the members of
 * each practice concerned are told. Areas add theirs to `pushSources` below, as unread counters do.
 */
export interface PushSource {
  topic: string;
  toPushes(db: Db, payload: unknown): Promise<Push[]>;
}

export const pushSources: readonly PushSource[] = [referralPushSource, chatPushSource, notificationPushSource, notificationDismissedPushSource, intakePushSource, intakeChangePushSource];
