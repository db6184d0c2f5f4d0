import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { FileView } from '@referwell/contracts';
import type { CreateUploadLink, DeleteUploadedFile } from '../../ui/files/uploadFile';
import { ActionsMenu, type ChatAction } from './ActionsMenu';
import { AttachIcon, SendIcon } from './chatIcons';
import { uploadedFileView } from './messages';
import { MessageInput } from './MessageInput';
import { RoomState } from './RoomState';

// FilePond is most of the room's weight: it loads when someone attaches a file (and the actions
// menu when it is opened).
const UploadWidget = lazy(() =>
  import('../../ui/files/UploadWidget').then(({ UploadWidget }) => ({ default: UploadWidget })),
);

interface ChatFooterProps {
  typing: string;
  /** The text in the box; the room keeps it (useChatRoom), so it outlives the footer. */
  text: string;
  actions?: ChatAction[];
  mobile: boolean;
  /** Answers whether the message went out (text or a file is needed). */
  onSend: (text: string, files?: FileView[]) => boolean;
  onTextChange: (text: string) => void;
  fileLink: CreateUploadLink;
  deleteFile: DeleteUploadedFile;
}

/**
 * Spec 3 §2 Footer: who is typing, the actions menu, the attach button with its upload panel,
 * the message box and the send button. A finished upload is sent at once, with whatever text is
 * in the box, and the panel closes; canceling deletes the files it created.
 */
export function ChatFooter({
  typing,
  text,
  actions,
  mobile,
  onSend,
  onTextChange,
  fileLink,
  deleteFile,
}: ChatFooterProps) {
  const [attaching, setAttaching] = useState(false);
  // A new panel for each attachment, so a sent file is never deleted as "canceled".
  const [uploadRound, setUploadRound] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const panelId = useId();
  const hintId = useId();

  const send = (files: FileView[] = []) => {
    if (onSend(text, files)) onTextChange('');
  };
  const uploaded = (id: number, file: File) => {
    send([uploadedFileView(id, file, Date.now())]);
    setAttaching(false);
    setUploadRound((round) => round + 1);
  };

  return (
    <footer className="rw-chat__footer">
      <div className="rw-chat__above">
        <p className="rw-chat__typing" aria-live="polite">
          {typing}
        </p>
        {/* Enter makes a new line (spec 3 §5), so without this people think their message went. The
            apps send with the button; chat.css shows it only where there is a keyboard and mouse. */}
        {!mobile && (
          <p id={hintId} className="rw-chat__hint">
            <kbd>Shift</kbd>+<kbd>Enter</kbd> to send
          </p>
        )}
      </div>
      {attaching && (
        <div id={panelId} className="rw-chat__upload">
          <Suspense fallback={<RoomState type="LOADING_MINI" title="Loading..." />}>
            <UploadWidget
              key={uploadRound}
              createLink={fileLink}
              deleteFile={deleteFile}
              onUploaded={uploaded}
              label="Drop a file here or"
            />
          </Suspense>
        </div>
      )}
      <div className="rw-chat__compose">
        {actions && actions.length > 0 && <ActionsMenu actions={actions} />}
        <button
          type="button"
          className="rw-chat__icon-button"
          aria-label="Attach a file"
          aria-expanded={attaching}
          aria-controls={attaching ? panelId : undefined}
          onClick={() => setAttaching((open) => !open)}
        >
          <AttachIcon />
        </button>
        <MessageInput
          inputRef={input}
          value={text}
          onChange={onTextChange}
          onSubmit={() => send()}
          mobile={mobile}
          describedBy={mobile ? undefined : hintId}
        />
        <button
          type="button"
          className="rw-chat__icon-button rw-chat__send"
          aria-label="Send message"
          disabled={text.trim() === ''}
          onClick={() => {
            send();
            input.current?.focus();
          }}
        >
          <SendIcon />
        </button>
      </div>
    </footer>
  );
}
