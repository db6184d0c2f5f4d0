import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { chatsApi } from '@referwell/contracts';
import { authorizePractice, fullName, practices, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { activeChatUser, practicesOfChat, type ChatRow } from './chat-access.js';
import { AppError } from '../../platform/errors.js';
import { validPhone } from '../../platform/phone.js';
import { accountHolderOf, patientIn } from '../patients/index.js';
import { chats } from './chats.table.js';
import { invitePhone, joinChat, joinerOf, joinersFor } from './chat-participants.js';
import { chatSummaries } from './chat-summaries.js';
import { auditChat } from './chat-records.js';
import { publishChatNotice } from './chat-events.js';
import { CHAT_INVITE_JOB } from './chat-jobs.js';

type ChatCreate = z.output<typeof chatsApi.ChatCreate>;

/**
 * A conversation that exists at most once while open (two practices', a practice's with a patient):
 * `key` names it, `match` picks its chats.
 */
interface OneOpenChat {
  key: string;
  match: SQL | undefined;
}

interface Invitee {
  phone: string;
  name: string;
  patientId: number | null;
}

/** Starting chats: with a practice, with people, with a patient by phone. */
export function createChatCreationService(ctx: AppContext) {
  const { db } = ctx;

  async function assertPracticeExists(practiceId: number) {
    const [row] = await db.select({ id: practices.id }).from(practices).where(eq(practices.id, practiceId));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
  }

  /** Each number as a participant: the practice's patient with that number when it has one. */
  async function inviteesFor(practiceId: number, numbers: readonly string[]): Promise<Invitee[]> {
    const phones = [...new Set(numbers.map((n) => validPhone(n, 'usersPhoneNumbers')))];
    return Promise.all(
      phones.map(async (phone) => {
        const patient = await accountHolderOf(db, practiceId, phone);
        return patient
          ? { phone, name: fullName(patient), patientId: patient.id }
          : { phone, name: `Patient (…${phone.slice(-4)})`, patientId: null };
      }),
    );
  }

  /**
   * The chat and its first participants, in one transaction; texted invitations go out as jobs.
   * With `one`, the open chat it names is answered instead when there is one: the lock makes two
   * requests at once (a double click, two tabs, two colleagues) find or make the same chat.
   */
  async function start(
    caller: SessionCaller,
    chat: Pick<ChatRow, 'type' | 'practiceId' | 'targetPracticeId' | 'patientId'>,
    userIds: readonly number[],
    invitees: Invitee[],
    client: ClientInfo,
    one?: OneOpenChat,
  ): Promise<{ chat: ChatRow; isNew: boolean }> {
    const now = ctx.clock.now();
    const outcome = await db.transaction(async (tx) => {
      if (one) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${one.key}))`);
        const [open] = await tx
          .select()
          .from(chats)
          .where(and(eq(chats.status, 'ACTIVE'), one.match))
          .orderBy(chats.id)
          .limit(1);
        if (open) return { chat: open, isNew: false as const };
      }
      // Who joins is worked out only for a chat about to be made: an open one found above keeps its people.
      const joiners = await joinersFor(
        tx,
        caller,
        chat,
        userIds.filter((id) => id !== caller.user.id),
        chat.practiceId,
      );
      const self = await joinerOf(tx, caller.user.id, chat.type === 'USER_TO_USER' ? null : chat.practiceId);
      // The invitation is the patients' first text: the first message right after it does not text them again.
      const patientTextedAt = invitees.length ? now : null;
      const [row] = await tx
        .insert(chats)
        .values({
          ...chat,
          createdBy: caller.user.id,
          createdAt: now,
          updatedAt: now,
          lastMessageAt: now,
          patientTextedAt,
        })
        .returning();
      for (const joiner of [self, ...joiners]) await joinChat(tx, row.id, joiner, now);
      await ctx.texts.reserve(
        tx,
        invitees.map((i) => ({
          purpose: 'chat_link',
          channel: 'sms',
          to: i.phone,
          senderUserId: caller.user.id,
          practiceId: chat.practiceId,
          patientId: i.patientId,
        })),
      );
      for (const invitee of invitees) {
        const participant = await invitePhone(tx, row.id, invitee, now);
        await ctx.jobs.enqueue(CHAT_INVITE_JOB, { chatUserId: participant.id }, { tx });
      }
      return { chat: row, isNew: true as const, joiners };
    });
    if (!outcome.isNew) return outcome;
    const { chat: created, joiners } = outcome;
    await auditChat(ctx, { userId: caller.user.id }, client, 'created', created.id, {
      type: created.type,
      practiceId: created.practiceId,
      targetPracticeId: created.targetPracticeId,
      patientId: created.patientId,
      users: joiners.map((j) => j.user.id),
      invited: invitees.length,
    });
    await announce(created, [caller.user.id, ...joiners.map((j) => j.user.id)]);
    return { chat: created, isNew: true };
  }

  async function announce(chat: ChatRow, userIds: number[]) {
    await publishChatNotice(ctx, { chatId: chat.id, practiceIds: practicesOfChat(chat), userIds });
  }

  async function summaryFor(caller: SessionCaller, chat: ChatRow, practiceId: number) {
    return (await chatSummaries(ctx, [chat], { userId: caller.user.id, practiceId }))[0];
  }

  /** An existing chat the caller opens again: they are (back) in it, and it is answered as theirs. */
  async function reopen(caller: SessionCaller, chat: ChatRow, practiceId: number) {
    if (!(await activeChatUser(db, chat.id, caller.user.id)))
      await joinChat(db, chat.id, await joinerOf(db, caller.user.id, practiceId), ctx.clock.now());
    return summaryFor(caller, chat, practiceId);
  }

  return {
    async create(caller: SessionCaller, body: ChatCreate, client: ClientInfo) {
      const { practiceId } = body;
      await authorizePractice(db, caller, practiceId, 'chats.manage');
      if (body.targetPractice !== undefined) await assertPracticeExists(body.targetPractice);
      const invitees = await inviteesFor(practiceId, body.usersPhoneNumbers);
      const patientIds = [...new Set(invitees.map((i) => i.patientId))];
      const { chat } = await start(
        caller,
        {
          type: body.type,
          practiceId,
          targetPracticeId: body.targetPractice ?? null,
          patientId: patientIds.length === 1 ? patientIds[0]! : null,
        },
        body.users,
        invitees,
        client,
      );
      return summaryFor(caller, chat, practiceId);
    },

    /** POST /practice/{id}/openChat: the practices' open chat, or a new one. */
    async openWithPractice(caller: SessionCaller, practiceId: number, targetPracticeId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'contacts.manage');
      if (targetPracticeId === practiceId) {
        const message = 'A practice cannot chat with itself';
        throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'practiceId'], message }]);
      }
      await assertPracticeExists(targetPracticeId);
      const between = (a: number, b: number) => and(eq(chats.practiceId, a), eq(chats.targetPracticeId, b));
      const { chat, isNew } = await start(
        caller,
        { type: 'PRACTICE_TO_PRACTICE', practiceId, targetPracticeId, patientId: null },
        [],
        [],
        client,
        {
          key: `chat:practices:${Math.min(practiceId, targetPracticeId)}:${Math.max(practiceId, targetPracticeId)}`,
          match: and(
            eq(chats.type, 'PRACTICE_TO_PRACTICE'),
            or(between(practiceId, targetPracticeId), between(targetPracticeId, practiceId)),
          ),
        },
      );
      return isNew ? summaryFor(caller, chat, practiceId) : reopen(caller, chat, practiceId);
    },

    /** POST /patient/{id}/action/createChat: the practice's open chat with the patient (its link texted again), or a new one. */
    async openWithPatient(caller: SessionCaller, patientId: number, practiceId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'chats.manage');
      await authorizePractice(db, caller, practiceId, 'patients.view');
      const patient = await patientIn(db, practiceId, patientId);
      if (!patient) throw new AppError('OBJECT_NOT_FOUND', 'No such patient');
      if (!patient.phoneNumber)
        throw new AppError('BAD_REQUEST', 'This patient has no phone number to text the chat link to');
      const invitee = { phone: patient.phoneNumber, name: fullName(patient), patientId };
      const { chat, isNew } = await start(
        caller,
        { type: 'PATIENT', practiceId, targetPracticeId: null, patientId },
        [],
        [invitee],
        client,
        {
          key: `chat:patient:${practiceId}:${patientId}`,
          match: and(eq(chats.type, 'PATIENT'), eq(chats.practiceId, practiceId), eq(chats.patientId, patientId)),
        },
      );
      if (isNew) return summaryFor(caller, chat, practiceId);
      const now = ctx.clock.now();
      await db.transaction(async (tx) => {
        await ctx.texts.reserve(tx, {
          purpose: 'chat_link',
          channel: 'sms',
          to: invitee.phone,
          senderUserId: caller.user.id,
          practiceId,
          patientId,
        });
        const participant = await invitePhone(tx, chat.id, invitee, now);
        await tx.update(chats).set({ patientTextedAt: now }).where(eq(chats.id, chat.id));
        await ctx.jobs.enqueue(CHAT_INVITE_JOB, { chatUserId: participant.id }, { tx });
      });
      return reopen(caller, chat, practiceId);
    },
  };
}

export type ChatCreationService = ReturnType<typeof createChatCreationService>;
