import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { referralsApi, type directoryApi } from '@referwell/contracts';
import { serverFieldErrors } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { AttachmentsField } from './AttachmentsField';
import { useCreateComment } from './discussionQueries';
import { MentionTextarea, mentionedIn } from './MentionTextarea';

type Person = directoryApi.PersonSummary;

interface CommentComposerProps {
  scope: PracticeScope;
  referralId: number;
  /** Answering this comment; a new thread otherwise. */
  parent?: { id: number; authorName: string };
  onDone?: () => void;
}

/** Writes a comment every practice on the referral reads: text or files, mentions, flags. */
export function CommentComposer({ scope, referralId, parent, onDone }: CommentComposerProps) {
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<number[]>([]);
  const [needsResponse, setNeedsResponse] = useState(false);
  const [notifyPracticeUsers, setNotifyPracticeUsers] = useState(false);
  const [mentioned, setMentioned] = useState<Person[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<{ message?: string; other?: string | null } | null>(null);
  // Each sent comment starts a fresh attachment panel.
  const [round, setRound] = useState(0);
  const create = useCreateComment(scope, referralId);
  const label = parent ? `Reply to ${parent.authorName}` : 'Comment';

  function send() {
    const text = message.trim();
    if (!text && files.length === 0) return setProblem({ message: 'Write a message or attach a file' });
    if (text.length > referralsApi.REFERRAL_TEXT_MAX) {
      return setProblem({ message: `The message must be at most ${referralsApi.REFERRAL_TEXT_MAX} characters` });
    }
    setProblem(null);
    create.mutate(
      {
        message: text,
        files,
        needsResponse,
        notifyPracticeUsers,
        usersMentioned: mentionedIn(text, mentioned),
        parentId: parent?.id,
      },
      {
        onSuccess: () => {
          setMessage('');
          setFiles([]);
          setMentioned([]);
          setNeedsResponse(false);
          setNotifyPracticeUsers(false);
          setRound((n) => n + 1);
          onDone?.();
        },
        onError: (error) => {
          const { fieldErrors, message: other } = serverFieldErrors(error, ['message']);
          setProblem({ message: fieldErrors.message, other });
        },
      },
    );
  }

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="sm">
        <MentionTextarea
          scope={scope}
          referralId={referralId}
          audience="comment"
          label={label}
          description="Type @ to mention someone who can see this referral"
          value={message}
          onChange={setMessage}
          onMention={(person) => setMentioned((all) => [...all, person])}
          error={problem?.message}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only when replying: the reply box the user just opened takes the focus
          autoFocus={Boolean(parent)}
        />
        <AttachmentsField
          key={round}
          practiceId={scope.practiceId}
          label={parent ? 'Reply attachments' : 'Comment attachments'}
          uploadLabel={
            parent ? 'Attach a file to the reply: drag & drop or' : 'Attach a file to the comment: drag & drop or'
          }
          value={files}
          onChange={setFiles}
          onUploadingChange={setUploading}
        />
        <Group gap="lg">
          <Checkbox
            label="Needs a response"
            checked={needsResponse}
            onChange={(event) => setNeedsResponse(event.currentTarget.checked)}
          />
          <Checkbox
            label="E-mail the other practices on this referral"
            checked={notifyPracticeUsers}
            onChange={(event) => setNotifyPracticeUsers(event.currentTarget.checked)}
          />
        </Group>
        {problem?.other && (
          <Alert color="red" role="alert" variant="light">
            {problem.other}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onDone && parent && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={create.isPending} disabled={uploading}>
            {parent ? 'Send reply' : 'Send comment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
