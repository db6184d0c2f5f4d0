import type { chatRoomApi } from '@referwell/contracts';
import { PersonAvatar } from '../../ui/Avatar';
import { PracticeMark } from './PracticeMark';
import type { RoomBranding } from './useRoomBranding';

/** The header shows this many people; the rest are counted. Fewer beside a practice's name. */
const SHOWN_PEOPLE = 5;
const SHOWN_PEOPLE_BRANDED = 3;

interface ChatHeaderProps {
  /** The other participants; shown when there are some and loading is done. */
  people: chatRoomApi.ChatUser[] | null;
  connected: boolean;
  banner: string | null;
  /** The practice the room's page wears: its logo and name lead the header from the first moment. */
  branding?: RoomBranding | null;
}

/**
 * Spec 3 §2 Header: who is in the chat and online, the connection, and the passing banner. On the
 * room's own page it is led by the practice (who the patient is talking to, so a texted link is
 * recognisably theirs), whose name is the page's heading.
 */
export function ChatHeader({ people, connected, banner, branding }: ChatHeaderProps) {
  const shown = people?.slice(0, branding ? SHOWN_PEOPLE_BRANDED : SHOWN_PEOPLE) ?? [];
  const hidden = (people?.length ?? 0) - shown.length;
  return (
    <div className="rw-chat__top">
      {(branding || shown.length > 0) && (
        <header className="rw-chat__header" data-branded={branding ? true : undefined}>
          {branding && (
            <div className="rw-chat__brand">
              <PracticeMark name={branding.name} logoUrl={branding.logoUrl} size="header" />
              <h1 className="rw-chat__brand-name">{branding.name}</h1>
            </div>
          )}
          {shown.length > 0 && (
            <ul className="rw-chat__people" aria-label="People in this chat">
              {shown.map((person) => (
                <li key={person.chatUserId}>
                  <PersonAvatar
                    id={person.chatUserId}
                    name={person.name}
                    image={person.image}
                    online={person.online}
                    size={branding ? 30 : 34}
                  />
                </li>
              ))}
              {hidden > 0 && (
                <li className="rw-chat__more" aria-label={`and ${hidden} more`}>
                  +{hidden}
                </li>
              )}
            </ul>
          )}
          {people && (
            <span
              className="rw-chat__connection"
              data-connected={connected}
              role="img"
              aria-label={connected ? 'Connected' : 'Not connected'}
              title={connected ? 'Connected' : 'Not connected'}
            />
          )}
        </header>
      )}
      <div aria-live="polite" aria-atomic>
        {banner && <p className="rw-chat__banner">{banner}</p>}
      </div>
    </div>
  );
}
