import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';

/** Who acted in a chat: an account holder, a participant by room token (a patient has no account), or both. */
export interface ChatActor {
  userId: number | null;
  chatUserId?: number;
}

/**
 * Chats hold patients' words, so their reads and writes are audited like a referral's: who (the
 * account, or the participant for a patient), what, in which chat, from where. Message text never
 * goes in the log.
 */
export function auditChat(
  ctx: AppContext,
  actor: ChatActor,
  client: ClientInfo | undefined,
  verb: string,
  chatId: number,
  details: Record<string, unknown> = {},
) {
  return ctx.audit.record({
    action: `chat.${verb}`,
    actorUserId: actor.userId,
    targetType: 'chat',
    targetId: chatId,
    ip: client?.ip,
    userAgent: client?.userAgent,
    practiceId: sql`coalesce((select practice_id from chat_users where id = ${actor.chatUserId ?? null} or (chat_id = ${chatId} and user_id = ${actor.userId}) limit 1), (select practice_id from chats where id = ${chatId}))`,
    patientId: sql`(select patient_id from chats where id = ${chatId})`,
    details: { ...(actor.chatUserId === undefined ? {} : { chatUserId: actor.chatUserId }), ...details },
  });
}
