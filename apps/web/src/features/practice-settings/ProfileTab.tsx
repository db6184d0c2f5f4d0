import { Alert, Stack } from '@mantine/core';
import type { Role } from '@referwell/contracts';
import { canEditPractice } from './access';
import { LogoUpload } from './LogoUpload';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import type { Practice } from './types';

export function ProfileTab({ practice, roles }: { practice: Practice; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  return (
    <Stack gap="lg">
      <LogoUpload practice={practice} editable={editable} />
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
