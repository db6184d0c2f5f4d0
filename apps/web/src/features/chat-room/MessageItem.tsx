import { Suspense, type MouseEvent } from 'react';
import type { FileView, linkPreviewsApi } from '@referwell/contracts';
import { PersonAvatar } from '../../ui/Avatar';
import type { FreshFile } from '../../ui/files/freshFiles';
import { ReadIcon, SendingIcon, SentIcon } from './chatIcons';
import { timeLabel } from './dayLabels';
import { LazyMessageExtras } from './lazyMessageExtras';
import { hasDetails, type MessageRow } from './messageMenu';
import { startsRun } from './messageRows';
import { isEmojiOnly, visibleText } from './messageText';
import { MessageText } from './MessageText';
import { PracticeMark } from './PracticeMark';
import type { RoomMessage } from './messages';

type LinkPreview = linkPreviewsApi.LinkPreview;

export interface MessageItemProps {
  row: MessageRow;
  /** Someone else has read up to this message (own messages only). */
  read: boolean;
  onOpenDetails: (message: RoomMessage) => void;
  onOpenLink?: (url: string) => void;
  onSelectFile?: (file: FileView) => void;
  freshFile?: FreshFile;
}

function deliveryOf(message: RoomMessage, read: boolean) {
  if (message.pending) return { label: 'Sending', icon: <SendingIcon /> };
  return read ? { label: 'Read', icon: <ReadIcon /> } : { label: 'Sent', icon: <SentIcon /> };
}

/**
 * The link preview as the card takes it. A preview with only its url (the server has not fetched
 * it yet) is not shown; one that was fetched may still leave fields out.
 */
function previewOf(message: RoomMessage): LinkPreview | null {
  const preview = message.previewData;
  if (!preview?.mediaType) return null;
  const empty = {
    images: [],
    favicons: [],
    videos: [],
    siteName: null,
    title: null,
    description: null,
    contentType: null,
  };
  return { ...empty, ...preview, mediaType: preview.mediaType };
}

/** One message (spec 3 §2 Message view). */
export function MessageItem({ row, read, onOpenDetails, onOpenLink, onSelectFile, freshFile }: MessageItemProps) {
  const { message, style, fromCurrentUser, forceTopPadding } = row;
  const time = timeLabel(message.createdAt);
  const delivery = fromCurrentUser ? deliveryOf(message, read) : null;
  const detailsOpen = hasDetails(row);
  const showSender = !fromCurrentUser && startsRun(style);
  const senderName = message.from?.name ?? '';
  const preview = previewOf(message);
  const text = visibleText(message, preview !== null);
  const emoji = text !== null && isEmojiOnly(text) && message.files.length === 0 && !preview && !message.content;

  // The whole bubble opens the details for a pointer; its time button does for the keyboard.
  const openFromBubble = (event: MouseEvent) => {
    if (!detailsOpen || (event.target as Element).closest('a, button')) return;
    onOpenDetails(message);
  };

  const classes = [
    'rw-msg',
    fromCurrentUser && 'rw-msg--own',
    forceTopPadding && 'rw-msg--top',
    message.pending && 'rw-msg--pending',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-style={style}
      data-testid="message"
      data-message-key={row.key}
    >
      {!fromCurrentUser && (
        <div className="rw-msg__gutter">
          {showSender &&
            message.from &&
            // The welcome is the practice's own words: its mark, as in the header, not a person's avatar.
            (row.welcome ? (
              <PracticeMark name={senderName} logoUrl={message.from.image} size="message" />
            ) : (
              <PersonAvatar id={message.from.chatUserId} name={senderName} image={message.from.image} decorative />
            ))}
        </div>
      )}
      <div className="rw-msg__body">
        {showSender && senderName && <p className="rw-msg__sender">{senderName}</p>}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer shortcut; the message's time button opens the same details from the keyboard */}
        <div className={emoji ? 'rw-msg__bubble rw-msg__bubble--emoji' : 'rw-msg__bubble'} onClick={openFromBubble}>
          {(message.files.length > 0 || preview || message.content) && (
            <Suspense fallback={null}>
              <LazyMessageExtras
                message={message}
                preview={preview}
                onOpenLink={onOpenLink}
                onSelectFile={onSelectFile}
                freshFile={freshFile}
              />
            </Suspense>
          )}
          {text !== null && <MessageText text={text} onOpenLink={onOpenLink} />}
          {detailsOpen ? (
            <button
              type="button"
              className="rw-msg__meta"
              aria-haspopup="dialog"
              aria-label={`Message details, ${time}${delivery ? `, ${delivery.label.toLowerCase()}` : ''}`}
              onClick={() => onOpenDetails(message)}
            >
              {time}
              {delivery?.icon}
            </button>
          ) : (
            <span className="rw-msg__meta">
              {time}
              {delivery?.icon}
              {delivery && <span className="rw-visually-hidden">{delivery.label}</span>}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
