import { Alert, Group, Paper, Stack } from '@mantine/core';
import type { Role } from '@referwell/contracts';
import { canEditPractice } from './access';
import { BrandingImageUpload } from './BrandingImageUpload';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import type { Practice } from './types';

export function ProfileTab({ practice, roles }: { practice: Practice; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group wrap="wrap" align="flex-start" gap="xl">
          <BrandingImageUpload practice={practice} editable={editable} kind="LOGO" />
          <BrandingImageUpload practice={practice} editable={editable} kind="PRACTICE_PHOTO" />
        </Group>
      </Paper>
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
