import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ChatMutations } from './chatMutations';
import type { ChatSummary } from './chatQueries';

export type PatientLinkDialog = 'revokeLink' | 'sendLink';

interface PatientLinkDialogsProps {
  chat: ChatSummary;
  mutations: Pick<ChatMutations, 'revokeLink' | 'sendLink'>;
  /** Which dialog is open, if either. */
  opened: PatientLinkDialog | null;
  onClose: () => void;
}

/**
 * A patient chat's texted link: revoking it (every link the patient holds stops working, and
 * their open chat closes), with a new one texted at once if asked; or texting a new one. Both ask
 * first, saying what will happen.
 */
export function PatientLinkDialogs({ chat, mutations, opened, onClose }: PatientLinkDialogsProps) {
  const { revokeLink, sendLink } = mutations;
  const [sendNewLink, setSendNewLink] = useState(false);
  const active = chat.status === 'ACTIVE';
  const who = chat.title;

  function dismiss() {
    revokeLink.reset();
    sendLink.reset();
    setSendNewLink(false);
    onClose();
  }

  return (
    <>
      <ConfirmDialog
        opened={opened === 'revokeLink'}
        title="Revoke the chat link?"
        confirmLabel="Revoke link"
        loading={revokeLink.isPending}
        error={revokeLink.error}
        onCancel={dismiss}
        onConfirm={() =>
          revokeLink.mutate(sendNewLink && active, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message:
                  sendNewLink && active
                    ? `Link revoked. A new link was texted to ${who}.`
                    : `Link revoked. ${who} can no longer open this chat.`,
              });
              dismiss();
            },
          })
        }
      >
        <Stack gap="sm">
          <Text component="p" m={0}>
            Every link to this chat that was texted to {who} stops working at once, and the chat closes on any phone or
            computer where they have it open.
          </Text>
          <Text component="p" m={0}>
            No new link is texted to them, not even when your practice writes, until you send one. The messages stay.
          </Text>
          {active && (
            <Checkbox
              label={`Text ${who} a new link now`}
              description="Only if the phone number is still theirs and in their hands."
              checked={sendNewLink}
              onChange={(event) => setSendNewLink(event.currentTarget.checked)}
            />
          )}
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={opened === 'sendLink'}
        title="Text a new link?"
        confirmLabel="Send link"
        confirmColor="teal"
        loading={sendLink.isPending}
        error={sendLink.error}
        onCancel={dismiss}
        onConfirm={() =>
          sendLink.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `A new link was texted to ${who}.` });
              dismiss();
            },
          })
        }
      >
        {who} gets a text message with a new link to this chat. Links they already have keep working; to end those,
        revoke the link instead.
      </ConfirmDialog>
    </>
  );
}
