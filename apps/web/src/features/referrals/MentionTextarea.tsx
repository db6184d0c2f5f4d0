/**
 * A textarea that suggests people after "@": typing "@al" lists the people who can see the
 * referral whose name holds "al"; the arrow keys and Enter (or a click) put "@Alex Moss " in the
 * text and add Alex to `mentioned`. Suggestions come from the server: for a comment, the people
 * of every practice on the referral (GET /referral/{id}/mentions); for a note, the practice's own
 * (GET /notes/mentions).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Combobox, Text, Textarea, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { directoryApi } from '@referwell/contracts';
import { personName, titledName } from '../../lib/names';
import type { PracticeScope } from '../../lib/practiceScope';
import { mentionsQuery, type MentionAudience } from './discussionQueries';

type Person = directoryApi.PersonSummary;

const MAX_SUGGESTIONS = 8;
const MENTION_DEBOUNCE_MS = 200;

/** "@" at the start or after a space, then up to two words (first and last name) up to the caret. */
const MENTION_AT_CARET = /(?:^|\s)@([\p{L}\p{M}'.-]*(?: [\p{L}\p{M}'.-]*)?)$/u;

function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const found = MENTION_AT_CARET.exec(text.slice(0, caret));
  if (!found) return null;
  return { start: caret - found[1].length - 1, query: found[1] };
}

/** The people still named in the text: a mention deleted from the text is no mention. */
export function mentionedIn(text: string, people: readonly Person[]): number[] {
  return [...new Set(people.filter((person) => text.includes(`@${personName(person)}`)).map((person) => person.id))];
}

interface MentionTextareaProps {
  scope: PracticeScope;
  referralId: number;
  audience: MentionAudience;
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onMention: (person: Person) => void;
  error?: ReactNode;
  autoFocus?: boolean;
}

export function MentionTextarea({
  scope,
  referralId,
  audience,
  label,
  description,
  value,
  onChange,
  onMention,
  error,
  autoFocus,
}: MentionTextareaProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = mentionAt(value, caret);
  const firstWord = mention?.query.split(' ')[0] ?? '';
  const [serverQuery] = useDebouncedValue(firstWord, MENTION_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...mentionsQuery(audience, scope.practiceId, referralId, serverQuery),
    enabled: mention !== null,
    placeholderData: keepPreviousData,
  });

  const wanted = mention?.query.toLowerCase() ?? '';
  const seen = new Set<number>([scope.userId]);
  const people = (suggestions.data ?? [])
    .filter((person) => {
      if (seen.has(person.id) || !personName(person).toLowerCase().includes(wanted)) return false;
      seen.add(person.id);
      return true;
    })
    .slice(0, MAX_SUGGESTIONS);
  const showing = mention !== null && mention.start !== dismissedAt && people.length > 0;

  const store = useCombobox({ opened: showing, onDropdownClose: () => setDismissedAt(mention?.start ?? null) });
  const firstId = people[0]?.id;
  useEffect(() => {
    // Enter takes the best match straight away, as chat apps do.
    if (showing) store.selectFirstOption();
  }, [showing, firstId, store]);

  function choose(id: string) {
    const person = people.find((one) => String(one.id) === id);
    if (!person || !mention) return;
    const inserted = `@${personName(person)} `;
    const next = value.slice(0, mention.start) + inserted + value.slice(caret);
    const at = mention.start + inserted.length;
    onChange(next);
    onMention(person);
    setCaret(at);
    requestAnimationFrame(() => {
      input.current?.setSelectionRange(at, at);
      setCaret(at);
    });
  }

  const trackCaret = (element: HTMLTextAreaElement) => setCaret(element.selectionStart ?? element.value.length);

  return (
    <Combobox store={store} onOptionSubmit={choose} position="bottom-start">
      <Combobox.Target withKeyboardNavigation={showing}>
        <Textarea
          ref={input}
          label={label}
          description={description}
          error={error}
          rows={3}
          resize="vertical"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- passes on the caller's choice, made only when the user opened this editor
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            trackCaret(event.currentTarget);
          }}
          onKeyUp={(event) => trackCaret(event.currentTarget)}
          onClick={(event) => trackCaret(event.currentTarget)}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="People to mention">
          {people.map((person) => (
            <Combobox.Option key={person.id} value={String(person.id)}>
              <Text size="sm">{titledName(person)}</Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
