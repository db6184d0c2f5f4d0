/**
 * What the events socket tells the rest of the app, as window events: features listen for the
 * ones they show (the referrals inbox for REFERRAL_CHANGED, the chat list for chat changes, unread
 * badges for unread changes) without importing the socket.
 */
export const REFERRAL_CHANGED_EVENT = 'referwell:referral-changed';
export const CHAT_CHANGED_EVENT = 'referwell:chat-changed';
export const UNREAD_CHANGED_EVENT = 'referwell:unread-changed';

export interface ReferralChangedDetail {
  referralId: number;
  kind: string;
}

export function announceReferralChanged(detail: ReferralChangedDetail) {
  window.dispatchEvent(new CustomEvent<ReferralChangedDetail>(REFERRAL_CHANGED_EVENT, { detail }));
}

export interface ChatChangedDetail {
  chatId: number;
  /** The practice the chat belongs to, when the push named one. */
  practiceId?: number;
}

export function announceChatChanged(detail: ChatChangedDetail) {
  window.dispatchEvent(new CustomEvent<ChatChangedDetail>(CHAT_CHANGED_EVENT, { detail }));
}

export function announceUnreadChanged(practiceId: number | undefined) {
  window.dispatchEvent(new CustomEvent(UNREAD_CHANGED_EVENT, { detail: { practiceId } }));
}
