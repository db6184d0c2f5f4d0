/** The provider's chats: the list and panel, and starting a chat from a patient or a referral. */
export { ChatSummaryLines } from './ChatListItem';
export { ChatWithPatientButton } from './ChatWithPatientButton';
export { chatPaths } from './chatPaths';
export { refreshChats } from './chatQueries';
