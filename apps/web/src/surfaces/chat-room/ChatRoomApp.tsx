import { useEffect } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { ChatRoomView, useRoomBranding } from '../../features/chat-room';
import { readChatRoomQuery } from './chatRoomQuery';

const theme = createTheme({ primaryColor: 'teal', primaryShade: 9, defaultRadius: 'md', focusRing: 'auto' });

/**
 * The chat room's page (`/chat/?room=…&token=…`), for patients, host pages and the mobile apps. It
 * wears the practice's name, logo and colour, so a patient opening a texted link sees whose it is.
 */
export function ChatRoomApp({ search }: { search: string }) {
  const query = readChatRoomQuery(search);
  const branding = useRoomBranding(query.room, query.token);
  const practiceName = branding?.name;
  useEffect(() => {
    document.title = practiceName ? `Chat with ${practiceName}` : 'Chat';
  }, [practiceName]);
  return (
    <MantineProvider theme={theme} forceColorScheme={query.light ? 'light' : 'dark'}>
      {/* The room is the page's content; in the provider app the same view sits in that app's main. */}
      <main className="rw-chat-page">
        <ChatRoomView {...query} branding={branding} />
      </main>
    </MantineProvider>
  );
}
