/** The chat screens' addresses: the list, and the list with one chat open beside it. */
export const chatPaths = {
  list: '/chats',
  chat: (id: number) => `/chats/${id}`,
};
