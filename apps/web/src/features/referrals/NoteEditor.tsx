import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { directoryApi } from '@referwell/contracts';
import { serverFieldErrors } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { MentionTextarea, mentionedIn } from './MentionTextarea';
import type { NoteBody } from './discussionQueries';

type Person = directoryApi.PersonSummary;

interface NoteEditorProps {
  scope: PracticeScope;
  referralId: number;
  label: string;
  submitLabel: string;
  initial?: { message: string; usersMentioned: Person[] };
  saving: boolean;
  onSave: (body: NoteBody, done: () => void, failed: (error: unknown) => void) => void;
  onCancel?: () => void;
}

/** Writes or edits a note: text with @mentions of the practice's people. */
export function NoteEditor({
  scope,
  referralId,
  label,
  submitLabel,
  initial,
  saving,
  onSave,
  onCancel,
}: NoteEditorProps) {
  const [message, setMessage] = useState(initial?.message ?? '');
  const [mentioned, setMentioned] = useState<Person[]>(initial?.usersMentioned ?? []);
  const [problem, setProblem] = useState<{ field?: string; other?: string | null } | null>(null);

  function submit() {
    const text = message.trim();
    if (!text) return setProblem({ field: 'Write the note' });
    setProblem(null);
    onSave(
      { message: text, usersMentioned: mentionedIn(text, mentioned) },
      () => {
        setMessage('');
        setMentioned([]);
      },
      (error) => {
        const { fieldErrors, message: other } = serverFieldErrors(error, ['message']);
        setProblem({ field: fieldErrors.message, other });
      },
    );
  }

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <MentionTextarea
          scope={scope}
          referralId={referralId}
          audience="note"
          label={label}
          description="Type @ to mention someone in your practice"
          value={message}
          onChange={setMessage}
          onMention={(person) => setMentioned((all) => [...all, person])}
          error={problem?.field}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only when editing: the note the user just chose to edit takes the focus
          autoFocus={Boolean(initial)}
        />
        {problem?.other && (
          <Alert color="red" role="alert" variant="light">
            {problem.other}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
