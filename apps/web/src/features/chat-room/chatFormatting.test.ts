import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, timeLabel } from './dayLabels';
import { isEmojiOnly, linkify, visibleText } from './messageText';
import { typingText } from './typingText';

describe('day headers and times', () => {
  const now = new Date(2024, 2, 12, 0, 30); // Tuesday, just after midnight
  it.each([
    [new Date(2024, 2, 12, 0, 5), 'Today'],
    [new Date(2024, 2, 11, 23, 59), 'Yesterday'],
    [new Date(2024, 2, 10, 12, 0), 'Sunday'],
    [new Date(2024, 2, 6, 8, 0), 'Wednesday'],
    [new Date(2024, 2, 5, 8, 0), 'Tue, 5 Mar'],
    [new Date(2023, 11, 25, 8, 0), 'Mon, 25 Dec'],
  ])('%s → %s', (date, label) => {
    expect(dayLabel(date.getTime(), now)).toBe(label);
  });

  it('writes times as h:mm a', () => {
    expect(timeLabel(new Date(2024, 2, 12, 0, 5).getTime())).toBe('12:05 AM');
    expect(timeLabel(new Date(2024, 2, 12, 15, 40).getTime())).toBe('3:40 PM');
    expect(timeLabel(new Date(2024, 2, 12, 12, 0).getTime())).toBe('12:00 PM');
  });

  it('keys messages by their calendar day', () => {
    expect(dayKey(new Date(2024, 0, 5, 23, 59).getTime())).toBe('2024-01-05');
    expect(dayKey(new Date(2024, 11, 25, 0, 0).getTime())).toBe('2024-12-25');
  });
});

describe('message text', () => {
  it('finds http(s) links, leaving sentence punctuation and unbalanced brackets out', () => {
    expect(linkify('Go to https://a.example/x?y=1. Then http://b.example!')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', url: 'https://a.example/x?y=1' },
      { kind: 'text', text: '. Then ' },
      { kind: 'link', url: 'http://b.example' },
      { kind: 'text', text: '!' },
    ]);
    expect(linkify('(see https://en.wikipedia.org/wiki/Flu_(disease))')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', url: 'https://en.wikipedia.org/wiki/Flu_(disease)' },
      { kind: 'text', text: ')' },
    ]);
    expect(linkify('javascript:alert(1) ftp://x.example www.example.com')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.example www.example.com' },
    ]);
  });

  it.each([
    ['😀', true],
    ['🎉 👍🏽', true],
    ['👨‍👩‍👧', true],
    ['🇬🇧', true],
    ['❤️', true],
    ['1️⃣', true],
    ['Thanks 👍', false],
    ['123', false],
    ['#', false],
    ['', false],
  ])('%s is emoji alone: %s', (text, expected) => {
    expect(isEmojiOnly(text)).toBe(expected);
  });

  it('hides a text that is just the previewed link, once the preview shows', () => {
    const message = { message: ' https://x.example ', previewData: { url: 'https://x.example' } };
    expect(visibleText(message, true)).toBeNull();
    expect(visibleText(message, false)).toBe(' https://x.example ');
    expect(visibleText({ message: 'Look https://x.example', previewData: { url: 'https://x.example' } }, true)).toBe(
      'Look https://x.example',
    );
    expect(visibleText({ message: '  ', previewData: null }, false)).toBeNull();
  });
});

describe('typing text', () => {
  it('names who is typing, or Someone', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ann'])).toBe('Ann is typing...');
    expect(typingText([''])).toBe('Someone is typing...');
    expect(typingText(['Ann', null])).toBe('Ann and Someone are typing...');
    expect(typingText(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy are typing...');
  });
});
