import { eq } from 'drizzle-orm';
import type { chatRoomApi, filesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { FILE_SCANNED } from '../../platform/events/bus.js';
import { chatFiles, chatMessages } from './chats.table.js';
import { messageViews } from './chat-views.js';

type Deliver = (chatId: number, event: chatRoomApi.ServerEvent) => void;

/**
 * A chat file's scan result, told to the room: FILE_SCANNED with the message it went out with,
 * and the message again (MESSAGE_UPDATED) so its file becomes clickable. FILE_SCANNED reaches every
 * instance, so each tells only the rooms it holds sockets for (publishing again would repeat it).
 */
export function fileScannedInChats(ctx: AppContext, holds: (chatId: number) => boolean, deliver: Deliver) {
  ctx.bus.subscribe(FILE_SCANNED, (payload) => {
    tell(payload as filesApi.FileScanned).catch((err: unknown) =>
      ctx.log.error({ err }, 'chat file scan result not told'),
    );
  });

  async function tell(scanned: filesApi.FileScanned) {
    const [attached] = await ctx.db.select().from(chatFiles).where(eq(chatFiles.fileId, scanned.fileId));
    if (!attached || !holds(attached.chatId)) return;
    deliver(attached.chatId, { event: 'FILE_SCANNED', data: { ...scanned, messageId: attached.messageId } });
    if (attached.messageId === null) return;
    const rows = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, attached.messageId));
    const [message] = await messageViews(ctx, rows);
    if (message) deliver(attached.chatId, { event: 'MESSAGE_UPDATED', data: message });
  }
}
