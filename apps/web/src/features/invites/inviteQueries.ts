import { queryOptions } from '@tanstack/react-query';
import { invitesApi } from '@referwell/contracts';
import { call } from '../../lib/api';

/**
 * The invite behind a link. What it shows depends on who looks (addresses are masked for anyone
 * but the invitee), so the viewer is part of the key.
 */
export function inviteByCodeQuery(code: string, viewerId: number | null) {
  return queryOptions({
    queryKey: ['invites', 'byCode', code, viewerId],
    queryFn: ({ signal }) => call(invitesApi.getInviteByCode, { params: { code }, signal }),
  });
}

/** Pending invites sent to the signed-in user. */
export function myInvitesQuery() {
  return queryOptions({
    queryKey: ['invites', 'mine'],
    queryFn: ({ signal }) => call(invitesApi.myInvites, { signal }),
  });
}
