import { z } from 'zod';
import { NotificationKind } from './enums.js';

/**
 * The provider app's events socket (spec 3 §6 "Real-time channel"): a WebSocket the web app keeps
 * open while signed in. After connecting it sends SUBSCRIBE; the server then pushes messages that
 * may ask it to refresh unread counts, name the practice concerned and carry a notification.
 */
export const EVENTS_SOCKET_PATH = '/api/v1/socket';
/** The query the web app connects with. */
export const EVENTS_SOCKET_TYPE = 'EVENTS';

export const SUBSCRIBE_URL = '/socket/v1/subscribe';
export const SubscribeMessage = z.object({
  event: z.literal('post'),
  data: z.object({ url: z.literal(SUBSCRIBE_URL) }),
});

/** Close code when the session behind the socket is no longer valid: sign in again, do not retry. */
export const SOCKET_UNAUTHORIZED = 4000;

/** Spec 3 §9: the provider web socket reconnects after 1 s, at most 5 s apart, with jitter 0.5, forever. */
export const EVENTS_SOCKET_RECONNECT = {
  minDelayMs: 1_000,
  maxDelayMs: 5_000,
  jitter: 0.5,
  connectTimeoutMs: 20_000,
} as const;

/** A button shown with a notification: what it says and the app path it opens. */
export const NotificationAction = z.object({ title: z.string(), link: z.string() });
export type NotificationAction = z.infer<typeof NotificationAction>;

/** Spec 3 §3 "Socket pushed message": text, type, duration, title, actions. */
export const PushNotification = z.object({
  text: z.string(),
  type: NotificationKind,
  title: z.string().optional(),
  /** How long to show it, ms. */
  duration: z.number().int().optional(),
  /** Where the notification leads (an app path); clients without actions open it with a plain "Open". */
  link: z.string().optional(),
  /** What one can do from it, in order (spec 3 §3); each leads to an app path. */
  actions: z.array(NotificationAction).optional(),
});
export type PushNotification = z.infer<typeof PushNotification>;

export const PushedMessage = z.object({
  event: z.string(),
  data: z.object({
    updateUnreads: z.boolean().optional(),
    practiceId: z.number().int().optional(),
    notification: PushNotification.optional(),
    /** REFERRAL_CHANGED: which referral, and what happened to it. */
    referral: z.object({ id: z.number().int(), kind: z.string() }).optional(),
    /** A chat the user is in has a new message, or changed (closed, people added). */
    chat: z.object({ id: z.number().int() }).optional(),
  }),
});
export type PushedMessage = z.infer<typeof PushedMessage>;
