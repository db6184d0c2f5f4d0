import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { practicesApi, usersApi, type User } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ImageUploadField } from '../../ui/files';
import { currentUserQuery } from '../../lib/currentUser';

const TEXTS = {
  scanning: 'Checking your new photo for viruses; it appears here once it is clean.',
  clean: 'Your new photo is in place.',
  deleted: 'The new photo was removed before its check ended; your photo was not changed.',
  infected: 'Virus detected: the file was deleted and your photo was not changed.',
  removed: 'Your photo was removed.',
};

/** The user's profile photo: upload a new one, or take it down; after either the signed-in user is loaded again. */
export function ProfilePhotoUpload({ user, practiceId }: { user: User; practiceId: number | null }) {
  const queryClient = useQueryClient();
  const reloadUser = () => queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <ImageUploadField
      url={user.photoUrl}
      alt="Your profile photo"
      radius="xl"
      placeholder={initials}
      noun="photo"
      createLink={
        practiceId === null
          ? null
          : (descriptor, signal) =>
              call(practicesApi.userProfilePhoto, {
                params: { id: user.id },
                body: { ...descriptor, practiceId },
                signal,
              })
      }
      // The upload link is asked for within one of the user's practices.
      unavailable={<Text size="sm">Choose a practice to upload a photo.</Text>}
      onScanned={reloadUser}
      texts={TEXTS}
      removal={{
        run: async () => {
          await call(usersApi.removeUserProfilePhoto, { params: { id: user.id } });
          await reloadUser();
        },
        label: 'Remove photo',
        title: 'Remove your profile photo?',
        body: 'People will see your initials instead.',
      }}
    />
  );
}
