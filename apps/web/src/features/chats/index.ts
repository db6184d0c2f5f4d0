/** The provider's chats: the list and panel, and starting a chat from a patient, a referral or a contact. */
export { ChatSummaryLines } from './ChatListItem';
export { ChatWithPatientButton } from './ChatWithPatientButton';
export { OpenChatButton, type ChatPartner } from './OpenChatButton';
export { chatPaths } from './chatPaths';
export { refreshChats } from './chatQueries';
