import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { CommentItem } from './CommentItem';
import { notesQuery, useNoteChanges, type Note } from './discussionQueries';
import { NoteEditor } from './NoteEditor';
import type { PracticeScope } from '../../lib/practiceScope';

/** Spec 1 §3 Note: the practice's own notes on the referral; only their author edits or deletes one. */
export function NotesSection({ scope, referralId }: { scope: PracticeScope; referralId: number }) {
  const notes = useQuery(notesQuery(scope.practiceId, referralId));
  const changes = useNoteChanges(scope, referralId);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    changes.remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: 'Note deleted' });
      },
    });
  }

  let body;
  if (notes.isPending) body = <LoadingState label="Loading notes" />;
  else if (notes.isError) {
    body = (
      <ErrorState
        title="Could not load the notes"
        error={notes.error}
        onRetry={() => void notes.refetch()}
        retrying={notes.isFetching}
      />
    );
  } else if (notes.data.length === 0) body = <EmptyMessage title="No notes yet" />;
  else {
    body = (
      <Stack gap="sm">
        {notes.data.map((note) => {
          const own = note.author.id === scope.userId;
          if (own && editing === note.id) {
            return (
              <NoteEditor
                key={note.id}
                scope={scope}
                referralId={referralId}
                label="Edit note"
                submitLabel="Save note"
                initial={note}
                saving={changes.update.isPending}
                onCancel={() => setEditing(null)}
                onSave={(body, _done, failed) =>
                  changes.update.mutate(
                    { ...body, id: note.id },
                    { onSuccess: () => setEditing(null), onError: failed },
                  )
                }
              />
            );
          }
          return (
            <CommentItem
              key={note.id}
              item={note}
              byline={note.updatedAt > note.createdAt ? 'edited' : undefined}
              actions={
                own && (
                  <>
                    <Button size="xs" variant="subtle" onClick={() => setEditing(note.id)} aria-label="Edit your note">
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        changes.remove.reset();
                        setDeleting(note);
                      }}
                      aria-label="Delete your note"
                    >
                      Delete
                    </Button>
                  </>
                )
              }
            />
          );
        })}
      </Stack>
    );
  }

  return (
    <Section
      title="Internal notes"
      description={`Only your practice sees notes. Nobody outside ${scope.practiceName} can read them.`}
    >
      <Stack gap="md">
        {body}
        <NoteEditor
          scope={scope}
          referralId={referralId}
          label="Note"
          submitLabel="Add note"
          saving={changes.create.isPending}
          onSave={(note, done, failed) => changes.create.mutate(note, { onSuccess: done, onError: failed })}
        />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete note"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        loading={changes.remove.isPending}
        error={changes.remove.error}
      >
        The note goes for good, for everyone in {scope.practiceName}.
      </ConfirmDialog>
    </Section>
  );
}
