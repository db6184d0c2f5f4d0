import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userBusinessApi, type User } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Section } from '../../ui/Section';

/**
 * A staff member of the current practice who is in fact a clinician makes themselves one of its
 * providers (POST user/convert/provider; docs/decisions.md). Shown only to someone holding STAFF
 * and not PROVIDER there; once done, the practices reload and the matching settings appear.
 */
export function BecomeProvider({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const membership = useSession((s) => s.currentPractice);
  const [confirming, setConfirming] = useState(false);
  const convert = useMutation({
    mutationFn: (practiceId: number) => call(userBusinessApi.convertToProvider, { body: { practiceId } }),
    onSuccess: async (updated) => {
      // Both the current practice's roles and the list of practices (what the matching settings read).
      await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
      setConfirming(false);
      notifications.show({ color: 'teal', message: `You are now a provider in ${updated.practice.name}` });
    },
  });

  if (user.kind !== 'PROVIDER' || !membership) return null;
  const { practice, roles } = membership;
  if (!roles.includes('STAFF') || roles.includes('PROVIDER')) return null;

  return (
    <Section
      title="Are you a clinician?"
      description="Providers see patients: referrals to the practice can be matched to them by speciality and insurance."
    >
      <Group>
        <Button variant="light" onClick={() => setConfirming(true)}>
          Become a provider in {practice.name}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`Become a provider in ${practice.name}?`}
        confirmLabel="Become a provider"
        confirmColor="teal"
        loading={convert.isPending}
        error={convert.error}
        onConfirm={() => convert.mutate(practice.id)}
        onCancel={() => {
          setConfirming(false);
          convert.reset();
        }}
      >
        Your staff role in {practice.name} becomes a provider role. You can then say which specialities you practise and
        which insurances you accept, and the practice’s admins see the change in its audit trail.
      </ConfirmDialog>
    </Section>
  );
}
