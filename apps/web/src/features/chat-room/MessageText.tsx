import type { MouseEvent } from 'react';
import { linkify } from './messageText';

interface MessageTextProps {
  text: string;
  /** In mobile mode links go to the app; otherwise they open in a new tab. */
  onOpenLink?: (url: string) => void;
}

/** A message's text with its http(s) links clickable (spec 3 §2). */
export function MessageText({ text, onOpenLink }: MessageTextProps) {
  const open = (url: string) => (event: MouseEvent) => {
    event.stopPropagation();
    if (!onOpenLink) return;
    event.preventDefault();
    onOpenLink(url);
  };
  return (
    <p className="rw-msg__text">
      {linkify(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a key={index} href={part.url} target="_blank" rel="noopener noreferrer" onClick={open(part.url)}>
            {part.url}
          </a>
        ),
      )}
    </p>
  );
}
