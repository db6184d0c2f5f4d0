import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { chatRoomApi } from '@referwell/contracts';
import { CHAT_TEXTS } from './chatTexts';

/** Spec 3 §9: the input starts 44 px high and grows to its content plus 1 px. */
const INPUT_MIN_HEIGHT_PX = 44;

interface MessageInputProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** On iOS and Android Shift+Enter is a new line like Enter; the send button sends. */
  mobile: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** The id of the hint that says how to send (none in the apps). */
  describedBy?: string;
}

/**
 * The message box (spec 3 §5): Enter starts a new line; Shift+Enter sends, except on phones.
 * Backspace in a box holding nothing but line breaks empties it.
 */
export function MessageInput({ value, onChange, onSubmit, mobile, inputRef, describedBy }: MessageInputProps) {
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.height = `${INPUT_MIN_HEIGHT_PX}px`;
    box.style.height = `${Math.max(INPUT_MIN_HEIGHT_PX, box.scrollHeight + 1)}px`;
  }, [value, inputRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && event.shiftKey && !mobile) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Backspace' && value !== '' && value.trim() === '' && value.includes('\n')) {
      event.preventDefault();
      onChange('');
    }
  };

  return (
    <textarea
      ref={inputRef}
      className="rw-chat__input"
      rows={1}
      value={value}
      maxLength={chatRoomApi.MESSAGE_MAX}
      placeholder={CHAT_TEXTS.placeholder}
      aria-label="Message"
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
