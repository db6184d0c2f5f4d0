import { useEffect, useRef, type ReactNode } from 'react';
import { CHAT_TEXTS, type RoomError } from './chatTexts';
import { RoomState } from './RoomState';
import type { RoomBranding } from './useRoomBranding';

/** The way on from an error panel; the message box that had the focus is gone, so it takes it. */
function Action({ children, href, onClick }: { children: ReactNode; href?: string; onClick?: () => void }) {
  const action = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) action.current?.focus();
  }, []);
  return href ? (
    <a ref={action} className="rw-chat__action" href={href}>
      {children}
    </a>
  ) : (
    <button ref={action} type="button" className="rw-chat__action" onClick={onClick}>
      {children}
    </button>
  );
}

interface RoomErrorStateProps {
  error: RoomError;
  /** The practice, when the room's page knows it: it is named, and offered to call, on a dead link. */
  branding?: RoomBranding | null;
  /** In the apps a link is not how the person came in, so they are not told to ask for one. */
  mobile: boolean;
  onRetry: () => void;
}

/** What replaces the room when it cannot go on, in words for a patient, with what they can do. */
export function RoomErrorState({ error, branding, mobile, onRetry }: RoomErrorStateProps) {
  if (error === 'expired')
    return (
      <RoomState
        type="ERROR"
        title={CHAT_TEXTS.expired}
        subtitle={mobile ? null : CHAT_TEXTS.askForLink(branding?.name)}
      >
        {!mobile && branding?.phoneNumber && (
          <Action href={`tel:${branding.phoneNumber}`}>{CHAT_TEXTS.call(branding.name)}</Action>
        )}
      </RoomState>
    );
  return (
    <RoomState
      type="ERROR"
      title={error === 'gaveUp' ? CHAT_TEXTS.gaveUp : CHAT_TEXTS.loadFailed}
      subtitle={CHAT_TEXTS.checkConnection}
    >
      <Action onClick={onRetry}>{CHAT_TEXTS.retry}</Action>
    </RoomState>
  );
}

/** The chat was opened in another window, which took this one's place: the person chooses where to go on. */
export function ReplacedState({ onContinueHere }: { onContinueHere: () => void }) {
  return (
    <RoomState type="ERROR" title={CHAT_TEXTS.replaced} subtitle={CHAT_TEXTS.replacedDetail}>
      <Action onClick={onContinueHere}>{CHAT_TEXTS.continueHere}</Action>
    </RoomState>
  );
}
