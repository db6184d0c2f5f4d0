import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicesApi, usersApi, type User } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatFileSize, UploadPanel, useUploadScan, WEB_IMAGE_RULES, type UploadPanelProps } from '../../ui/files';
import { currentUserQuery } from '../auth/currentUser';

/**
 * The user's profile photo, an upload of a new one and, while there is one, a way to take it
 * down. The server makes a clean upload the photo once the virus scan passes, so after an upload
 * the scan is followed until it ends; after either change the signed-in user is loaded again.
 */
export function ProfilePhotoUpload({ user, practiceId }: { user: User; practiceId: number | null }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<number | null>(null);
  const reloadUser = () => queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
  const scan = useUploadScan(pending, reloadUser);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);
  // A failed reload fails the removal too; asking again is harmless (removing nothing changes nothing).
  const remove = useMutation({
    mutationFn: async () => {
      await call(usersApi.removeUserProfilePhoto, { params: { id: user.id } });
      await reloadUser();
    },
    onSuccess: () => {
      setConfirming(false);
      setRemoved(true);
      // What an ended upload said no longer holds; an upload still being checked is still followed.
      if (scan !== 'scanning') setPending(null);
    },
  });
  // A new panel once the scan has ended, so removing the used file from it cannot delete the
  // photo. Not sooner: unmounting the panel while its upload is finishing would cancel it.
  const [panelKey, setPanelKey] = useState(0);
  useEffect(() => {
    if (scan === 'clean' || scan === 'infected') setPanelKey((key) => key + 1);
  }, [scan]);

  const createLink: NonNullable<UploadPanelProps['createLink']> = (descriptor, signal) =>
    call(practicesApi.userProfilePhoto, { params: { id: user.id }, body: { ...descriptor, practiceId: practiceId! }, signal });
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();

  return (
    <Group wrap="wrap" align="flex-start" gap="lg">
      <Stack gap="xs" align="center">
        <Avatar src={user.photoUrl} alt="Your profile photo" size="xl" radius="xl" color="teal">
          {initials}
        </Avatar>
        {user.photoUrl && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            disabled={remove.isPending}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Remove photo
          </Button>
        )}
      </Stack>
      <Stack gap="xs" style={{ flex: '1 1 260px' }} miw={0}>
        {practiceId === null ? (
          // The upload link is asked for within one of the user's practices.
          <Text size="sm">Choose a practice to upload a photo.</Text>
        ) : (
          <UploadPanel
            key={panelKey}
            createLink={createLink}
            label={`Drop a PNG, JPEG, GIF or WebP photo (at most ${formatFileSize(practicesApi.MAX_IMAGE_BYTES)}) or`}
            rules={WEB_IMAGE_RULES}
            onUploaded={(fileId) => {
              setRemoved(false);
              setPending(fileId);
            }}
            onCanceled={() => setPending(null)}
          />
        )}
        <div role="status" aria-live="polite">
          {scan === 'scanning' && <Text size="sm">Checking your new photo for viruses; it appears here once it is clean.</Text>}
          {scan === 'clean' && <Text size="sm">Your new photo is in place.</Text>}
          {scan === 'deleted' && <Text size="sm">The new photo was removed before its check ended; your photo was not changed.</Text>}
          {removed && <Text size="sm">Your photo was removed.</Text>}
        </div>
        {scan === 'infected' && (
          <Alert color="red" variant="light" role="alert">
            Virus detected: the file was deleted and your photo was not changed.
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Remove your profile photo?"
        confirmLabel="Remove photo"
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
        loading={remove.isPending}
        error={remove.error}
      >
        People will see your initials instead.
      </ConfirmDialog>
    </Group>
  );
}
