import { useId } from 'react';
import { Alert, Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Role } from '@referwell/contracts';
import { canEditPractice } from './access';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import type { Practice } from './types';

export function ProfileTab({ practice, roles }: { practice: Practice; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  return (
    <Stack gap="lg">
      <Logo practice={practice} editable={editable} />
      {editable ? (
        <ProfileForm practice={practice} />
      ) : (
        <>
          <Alert variant="light" color="gray">
            Only practice admins can change the profile.
          </Alert>
          <ProfileSummary practice={practice} />
        </>
      )}
    </Stack>
  );
}

function Logo({ practice, editable }: { practice: Practice; editable: boolean }) {
  const noteId = useId();
  return (
    <Paper withBorder radius="md" p="md">
      <Group wrap="nowrap" align="center">
        <Avatar src={practice.logoUrl} alt={`${practice.name} logo`} size="xl" radius="md" color="teal">
          {practice.logoUrl ? null : <Text size="xs" ta="center">No logo</Text>}
        </Avatar>
        {editable && (
          <Stack gap={4}>
            {/* The upload link answers 501 until file uploads exist, so it is not offered yet. */}
            <Button variant="default" disabled aria-describedby={noteId} w="fit-content">
              Upload logo
            </Button>
            <Text id={noteId} size="sm" c="dimmed">
              Logo upload arrives with file uploads.
            </Text>
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
