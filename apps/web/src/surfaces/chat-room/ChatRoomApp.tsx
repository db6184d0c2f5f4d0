import { createTheme, MantineProvider } from '@mantine/core';
import { ChatRoomView } from '../../features/chat-room';
import { readChatRoomQuery } from './chatRoomQuery';

const theme = createTheme({ primaryColor: 'teal', primaryShade: 9, defaultRadius: 'md', focusRing: 'auto' });

/** The chat room's page (`/chat/?room=…&token=…`), for patients, host pages and the mobile apps. */
export function ChatRoomApp({ search }: { search: string }) {
  const query = readChatRoomQuery(search);
  return (
    <MantineProvider theme={theme} forceColorScheme={query.light ? 'light' : 'dark'}>
      <ChatRoomView {...query} />
    </MantineProvider>
  );
}
