/** The events socket, and the window events it turns pushes into for other features to hear. */
export { EventsSocket } from './EventsSocket';
export {
  announceChatChanged,
  announceUnreadChanged,
  CHAT_CHANGED_EVENT,
  REFERRAL_CHANGED_EVENT,
  UNREAD_CHANGED_EVENT,
  type ChatChangedDetail,
  type ReferralChangedDetail,
} from './liveEvents';
