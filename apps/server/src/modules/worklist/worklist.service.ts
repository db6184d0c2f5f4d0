import { worklistApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { referralWorklist } from '../referrals/index.js';
import { unreadChatsOf } from '../chats/index.js';
import { newSubmissionsOf } from '../intake/index.js';
import { practiceSetupOf } from './practice-setup.js';

/**
 * A practice's worklist: each section is read by the module that owns it, through its public read,
 * which checks the caller's right to it beside the data; this service only puts them together.
 */
export function createWorklistService(ctx: AppContext) {
  const limit = worklistApi.WORKLIST_SECTION_SIZE;
  return {
    async of(caller: SessionCaller, practiceId: number, client: ClientInfo): Promise<worklistApi.Worklist> {
      // Membership first, so someone outside the practice is refused once, before any section reads.
      await authorizePractice(ctx.db, caller, practiceId, 'practice.view');
      const [referrals, unreadChats, newSubmissions] = await Promise.all([
        referralWorklist(ctx, caller, practiceId, client, limit),
        unreadChatsOf(ctx, caller, practiceId, limit),
        newSubmissionsOf(ctx, caller, practiceId, client, limit),
      ]);
      return { ...referrals, unreadChats, newSubmissions };
    },

    setup: (caller: SessionCaller, practiceId: number) => practiceSetupOf(ctx, caller, practiceId),
  };
}

export type WorklistService = ReturnType<typeof createWorklistService>;
