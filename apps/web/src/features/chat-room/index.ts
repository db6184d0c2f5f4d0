/** The chat room (spec 3 §2): the room's page and the provider app's chat panel both show it. */
export { ChatRoomView, type ChatDevice, type ChatRoomViewProps } from './ChatRoomView';
export { useRoomBranding, type RoomBranding } from './useRoomBranding';
