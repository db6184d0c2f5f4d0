import './chat.css';
import './messageList.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileView } from '@referwell/contracts';
import { FILE_STATE_TEXT } from '../../ui/files/FileState';
import { FILE_OPEN_FAILED, openFreshInNewTab } from '../../ui/files/freshFiles';
import type { ChatAction } from './ActionsMenu';
import { ChatFooter } from './ChatFooter';
import { ChatHeader } from './ChatHeader';
import { CHAT_TEXTS } from './chatTexts';
import { themeVariables } from './chatTheme';
import { preloadMessageExtras } from './lazyMessageExtras';
import { LoadingOverlay } from './LoadingOverlay';
import { MessageList } from './MessageList';
import { COPY_TEXTS, messageMenuSections, type MessageRow } from './messageMenu';
import { messageRows } from './messageRows';
import type { RoomMessage } from './messages';
import { emitToApp } from './mobileBridge';
import { ReplacedState, RoomErrorState } from './RoomErrorState';
import { RoomState } from './RoomState';
import { isReadByOthers } from './roomState';
import { typingText } from './typingText';
import { useChatRoom } from './useChatRoom';
import { useEmbedHeight } from './useEmbedHeight';
import type { RoomBranding } from './useRoomBranding';

// Message Details (Mantine's modal, focus trap and scroll lock) is fetched once someone reaches the
// messages rather than with the page. It is mounted closed then, so the modal knows where to return
// the focus.
const MessageDetailsModal = lazy(() =>
  import('./MessageDetailsModal').then(({ MessageDetailsModal }) => ({ default: MessageDetailsModal })),
);

export type ChatDevice = 'web' | 'ios' | 'android';

export interface ChatRoomViewProps {
  room: string;
  token: string;
  device?: ChatDevice;
  /** The layout style named in the room's address; 'normal' is the only one there is. */
  displayStyle?: string;
  /** The light theme; dark otherwise. */
  light?: boolean;
  /** Set by a host page that embeds the room; the room posts its height to it. */
  embedUID?: string;
  practiceId?: number;
  /**
   * Called when the token is refused (at loading, or close code 4000), to fetch a fresh one, instead
   * of showing that access expired; the room goes on with the token it is given next.
   */
  onUnauthorized?: () => void;
  /** Offered in the footer's actions menu. */
  actions?: ChatAction[];
  /** Called when the chat cannot be loaded. */
  onClose?: () => void;
  /**
   * The practice, on the room's own page (useRoomBranding): its logo and name lead the header, its
   * colour is the room's accent, and a dead link names it. The provider app's panel has none.
   */
  branding?: RoomBranding | null;
}

function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The chat room (spec 3 §2), for the room's own page and for the provider app's chat panel. It
 * fills its container: give that a height.
 */
export function ChatRoomView(props: ChatRoomViewProps) {
  const { room, token, device = 'web', displayStyle = 'normal', light = false, embedUID, branding } = props;
  const root = useRef<HTMLDivElement>(null);
  const embedded = useEmbedHeight(embedUID, root);
  return (
    <div
      ref={root}
      className="rw-chat"
      data-display-style={displayStyle}
      data-theme={light ? 'light' : 'dark'}
      data-embedded={embedded || undefined}
      style={themeVariables(light ? 'light' : 'dark', branding?.colorScheme)}
    >
      {!room || !token ? (
        <RoomState type="ERROR" title={CHAT_TEXTS.brokenLink} subtitle={CHAT_TEXTS.brokenLinkDetail} />
      ) : (
        <ConnectedRoom key={room} {...props} device={device} />
      )}
    </div>
  );
}

function ConnectedRoom({
  room,
  token,
  device,
  practiceId,
  onUnauthorized,
  actions,
  onClose,
  branding,
}: ChatRoomViewProps & { device: ChatDevice }) {
  const chat = useChatRoom({ room, token, practiceId, onUnauthorized, onClose });
  const { state } = chat;
  useEffect(() => void preloadMessageExtras(), []);
  const [details, setDetails] = useState<RoomMessage | null>(null);
  const [detailsWanted, setDetailsWanted] = useState(false);
  const mobile = device === 'ios' || device === 'android';

  // Rows and read marks depend on these parts of the state only, not on every change to it.
  const welcomeMessages = state?.chat.welcomeMessages;
  const messages = state?.messages;
  const myId = state?.me.chatUserId;
  const me = state?.me;
  const readStatus = state?.readStatus;
  const rows = useMemo(
    () => (welcomeMessages && messages && myId !== undefined ? messageRows(welcomeMessages, messages, myId) : []),
    [welcomeMessages, messages, myId],
  );
  const isRead = useCallback(
    (message: RoomMessage) => (readStatus && me ? isReadByOthers({ readStatus, me }, message.id) : false),
    [readStatus, me],
  );

  // In the apps, links and files are handed to the app; a page without the app opens them here.
  // A file comes with a link fetched as it was tapped (the tile asks; see FileTileList).
  const openLink = useMemo(
    () => (mobile ? (url: string) => emitToApp('OPEN_LINK', { url }) || openInNewTab(url) : undefined),
    [mobile],
  );
  const selectFile = useMemo(
    () =>
      mobile
        ? (file: FileView) => {
            const handed = emitToApp('TAPPED_FILE', {
              id: file.id,
              name: file.name,
              type: file.type,
              url: file.downloadUrl,
            });
            if (!handed && file.downloadUrl) openInNewTab(file.downloadUrl);
          }
        : undefined,
    [mobile],
  );

  const { showBanner, freshFile } = chat;
  // The menu's Download asks for the file again too: the link in the message may have expired.
  const downloadFile = useCallback(
    (file: FileView) => {
      const fresh = freshFile(file);
      const opened = selectFile
        ? fresh.then((now) => {
            if (now?.downloadUrl) selectFile(now);
            return now;
          })
        : openFreshInNewTab(fresh);
      opened.then(
        (now) => !now?.downloadUrl && showBanner(FILE_STATE_TEXT.deleted),
        () => showBanner(FILE_OPEN_FAILED),
      );
    },
    [freshFile, selectFile, showBanner],
  );
  const menuFor = useCallback(
    (row: MessageRow) =>
      messageMenuSections(row, {
        openDetails: setDetails,
        copyText: async (text) => {
          try {
            await navigator.clipboard.writeText(text);
            showBanner(COPY_TEXTS.copied);
          } catch {
            // The clipboard is out of reach (a page not served securely, or the browser refused).
            showBanner(COPY_TEXTS.failed);
          }
        },
        openLink: openLink ?? openInNewTab,
        download: downloadFile,
      }),
    [openLink, downloadFile, showBanner],
  );

  const stopped = chat.error || chat.replaced;
  const others =
    state && !chat.loading && !stopped ? state.users.filter((user) => user.chatUserId !== state.me.chatUserId) : null;
  const header = <ChatHeader people={others} connected={chat.connected} banner={chat.banner} branding={branding} />;
  if (stopped)
    return (
      <>
        {header}
        {chat.error ? (
          <RoomErrorState error={chat.error} branding={branding} mobile={mobile} onRetry={chat.retry} />
        ) : (
          <ReplacedState onContinueHere={chat.continueHere} />
        )}
      </>
    );
  return (
    <>
      {header}
      {state && (
        <>
          {chat.reconnecting && <RoomState type="LOADING_MINI" title={CHAT_TEXTS.connecting} />}
          <MessageList
            rows={rows}
            older={chat.older}
            onLoadOlder={() => void chat.older.loadMore()}
            isRead={isRead}
            onOpenDetails={setDetails}
            onArrive={() => setDetailsWanted(true)}
            onOpenLink={openLink}
            onSelectFile={selectFile}
            freshFile={freshFile}
            menuFor={menuFor}
          />
        </>
      )}
      <LoadingOverlay shown={chat.loading || !state} title={CHAT_TEXTS.connecting} />
      {chat.canWrite && state && (
        <ChatFooter
          typing={typingText(state.typing.map((one) => one.name))}
          text={chat.draft}
          actions={actions}
          mobile={mobile}
          onSend={chat.send}
          onTextChange={chat.onTextChange}
          fileLink={chat.fileLink}
          deleteFile={chat.deleteFile}
        />
      )}
      {chat.readOnly && <p className="rw-chat__closed">{CHAT_TEXTS.closed}</p>}
      {(detailsWanted || details) && (
        <Suspense fallback={null}>
          <MessageDetailsModal message={details} loadReceipts={chat.receipts} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </>
  );
}
