import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
import type { chatRoomApi } from '@referwell/contracts';
import { shortDay, timeLabel } from './dayLabels';
import type { RoomMessage } from './messages';

type ReadReceipt = chatRoomApi.ReadReceipt;

/** Spec 3 §9. */
const MODAL_WIDTH = 400;

const longTime = (time: number) => `${shortDay(time)}, ${timeLabel(time)}`;

interface MessageDetailsModalProps {
  message: RoomMessage | null;
  loadReceipts: (messageId: number) => Promise<ReadReceipt[]>;
  onClose: () => void;
}

/**
 * 'Message Details' (spec 3 §2): when it was sent and who has read it. A reader's read time shows
 * on the receipt whose last read message is this one (a later read says nothing about when this
 * message was read). A failed receipts call is logged and the list stays empty.
 */
export function MessageDetailsModal({ message, loadReceipts, onClose }: MessageDetailsModalProps) {
  const [receipts, setReceipts] = useState<ReadReceipt[]>([]);
  const [loading, setLoading] = useState(false);
  const messageId = message?.id;
  // Another message: its receipts start empty and loading, from this render on.
  const [askedFor, setAskedFor] = useState<number | undefined>(undefined);
  if (messageId !== askedFor) {
    setAskedFor(messageId);
    if (messageId) {
      setReceipts([]);
      setLoading(true);
    }
  }

  useEffect(() => {
    if (!messageId) return;
    let current = true;
    loadReceipts(messageId)
      .then((answer) => current && setReceipts(answer))
      .catch((error: unknown) => console.error('Could not load the read receipts', error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [messageId, loadReceipts]);

  return (
    <Modal opened={message !== null} onClose={onClose} title="Message Details" size={MODAL_WIDTH} centered>
      {message && (
        <dl style={{ margin: 0 }}>
          <dt style={{ fontWeight: 600 }}>Sent</dt>
          <dd style={{ margin: '2px 0 12px' }}>{longTime(message.createdAt)}</dd>
          <dt style={{ fontWeight: 600 }}>Read by</dt>
          <dd style={{ margin: '2px 0 0' }}>
            {loading ? (
              <span role="status">Loading...</span>
            ) : receipts.length === 0 ? (
              'No one yet'
            ) : (
              <ul aria-label="Read by" style={{ margin: 0, paddingLeft: 18 }}>
                {receipts.map((receipt) => (
                  <li key={receipt.chatUserId}>
                    {receipt.name}
                    {receipt.lastId === message.id && ` · ${longTime(receipt.timestamp)}`}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </Modal>
  );
}
