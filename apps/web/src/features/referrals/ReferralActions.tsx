import { useState } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { referralsApi } from '@referwell/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AppointmentModal } from './AppointmentModal';
import { useReferralMutations } from './referralMutations';
import { referralPaths } from './referralPaths';
import type { ReferralDetail } from './referralQueries';
import type { PracticeScope } from '../../lib/practiceScope';

type Dialog = 'accept' | 'reschedule' | 'reject' | 'cancel' | null;

const REASON_MAX = 1000;

/**
 * The answers the caller's practice may give now: exactly the referral's `actions` (the server's
 * rules), plus marking it unread, which is always the reader's own business.
 */
export function ReferralActions({ scope, referral }: { scope: PracticeScope; referral: ReferralDetail }) {
  const mutations = useReferralMutations(scope, referral.id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const allowed = new Set(referral.actions);
  const patient = `${referral.patient.firstName} ${referral.patient.lastName}`;

  function open(next: Exclude<Dialog, null>) {
    setReason('');
    // A failure from an earlier attempt does not belong in a fresh dialog.
    mutations[next].reset();
    setDialog(next);
  }
  const done = (message: string) => {
    setDialog(null);
    notifications.show({ color: 'teal', message });
  };

  const reasonField = (label: string) => (
    <Textarea
      label={label}
      mt="sm"
      rows={2}
      resize="vertical"
      maxLength={REASON_MAX}
      value={reason}
      onChange={(event) => setReason(event.currentTarget.value)}
    />
  );

  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Referral actions">
        {allowed.has('accept') && <Button onClick={() => open('accept')}>Accept</Button>}
        {allowed.has('reject') && (
          <Button color="red" variant="outline" onClick={() => open('reject')}>
            Reject
          </Button>
        )}
        {allowed.has('reschedule') && (
          <Button variant="light" onClick={() => open('reschedule')}>
            Reschedule
          </Button>
        )}
        {allowed.has('cancel') && (
          <Button color="red" variant="subtle" onClick={() => open('cancel')}>
            Cancel referral
          </Button>
        )}
        {allowed.has('referAgain') && (
          // A link: it opens a new referral filled in from this one, which stays as it is.
          <Button component={Link} to={referralPaths.referAgain(referral.id)} variant="light">
            Refer again
          </Button>
        )}
        {allowed.has('archive') && (
          <Button
            variant="default"
            loading={mutations.archive.isPending}
            onClick={() => mutations.archive.mutate(true, { onSuccess: () => done('Referral archived') })}
          >
            Archive
          </Button>
        )}
        {allowed.has('unarchive') && (
          <Button
            variant="default"
            loading={mutations.archive.isPending}
            onClick={() =>
              mutations.archive.mutate(false, { onSuccess: () => done('Referral moved back from the archive') })
            }
          >
            Unarchive
          </Button>
        )}
        <Button
          variant="default"
          loading={mutations.removeView.isPending}
          onClick={() =>
            mutations.removeView.mutate(undefined, {
              onSuccess: () => {
                done('Marked as unread');
                void navigate(referralPaths.list());
              },
            })
          }
        >
          Mark as unread
        </Button>
      </Group>
      {[mutations.archive, mutations.removeView].some((m) => m.isError) && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {mutations.archive.isError
            ? 'Could not change the archive. Try again.'
            : 'Could not mark the referral as unread. Try again.'}
        </Text>
      )}
      <AppointmentModal
        mode={dialog === 'reschedule' ? 'reschedule' : 'accept'}
        opened={dialog === 'accept' || dialog === 'reschedule'}
        onClose={() => setDialog(null)}
        referral={referral}
        scope={scope}
        mutations={mutations}
        onDone={done}
      />
      <ConfirmDialog
        opened={dialog === 'reject'}
        title="Reject this referral?"
        confirmLabel="Reject referral"
        onCancel={() => setDialog(null)}
        loading={mutations.reject.isPending}
        error={mutations.reject.error}
        onConfirm={() =>
          mutations.reject.mutate(reason.trim(), {
            onSuccess: () => {
              done('Referral rejected');
              // A practice that declined no longer sees the referral.
              void navigate(referralPaths.list());
            },
          })
        }
      >
        {referral.type === referralsApi.ReferralType.enum.SPECIALTY
          ? `The referral of ${patient} goes on to other matching practices, and ${scope.practiceName} will no longer see it.`
          : `${referral.practice.name} is told that ${scope.practiceName} cannot take ${patient}.`}
        {reasonField('Reason (optional)')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title="Cancel this referral?"
        confirmLabel="Cancel referral"
        onCancel={() => setDialog(null)}
        loading={mutations.cancel.isPending}
        error={mutations.cancel.error}
        onConfirm={() => mutations.cancel.mutate(reason.trim(), { onSuccess: () => done('Referral cancelled') })}
      >
        {`The referral of ${patient} is withdrawn from every practice it was offered to or accepted by.`}
        {reasonField('Reason (optional)')}
      </ConfirmDialog>
    </>
  );
}
