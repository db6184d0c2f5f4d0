import type { chatRoomApi } from '@referwell/contracts';
import { PersonAvatar } from '../../ui/Avatar';

/** The header shows this many people; the rest are counted. */
const SHOWN_PEOPLE = 5;

interface ChatHeaderProps {
  /** The other participants; the header shows only when there are some and loading is done. */
  people: chatRoomApi.ChatUser[] | null;
  connected: boolean;
  banner: string | null;
}

/** Spec 3 §2 Header: who is in the chat and online, the connection, and the passing banner. */
export function ChatHeader({ people, connected, banner }: ChatHeaderProps) {
  const shown = people?.slice(0, SHOWN_PEOPLE) ?? [];
  const hidden = (people?.length ?? 0) - shown.length;
  return (
    <div className="rw-chat__top">
      {people && people.length > 0 && (
        <header className="rw-chat__header">
          <ul className="rw-chat__people" aria-label="People in this chat">
            {shown.map((person) => (
              <li key={person.chatUserId}>
                <PersonAvatar
                  id={person.chatUserId}
                  name={person.name}
                  image={person.image}
                  online={person.online}
                  size={34}
                />
              </li>
            ))}
            {hidden > 0 && (
              <li className="rw-chat__more" aria-label={`and ${hidden} more`}>
                +{hidden}
              </li>
            )}
          </ul>
          <span
            className="rw-chat__connection"
            data-connected={connected}
            role="img"
            aria-label={connected ? 'Connected' : 'Not connected'}
            title={connected ? 'Connected' : 'Not connected'}
          />
        </header>
      )}
      <div aria-live="polite" aria-atomic>
        {banner && <p className="rw-chat__banner">{banner}</p>}
      </div>
    </div>
  );
}
