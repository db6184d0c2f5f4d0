import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ImageUploadField, type UploadPanelProps } from '../../ui/files';
import { practiceSettingsKeys } from './queries';
import type { Practice } from './types';

type Descriptor = Parameters<NonNullable<UploadPanelProps['createLink']>>[0];

/** What differs between the practice's two pictures: its field, its name and its calls. */
const IMAGES = {
  LOGO: {
    field: 'logoUrl',
    label: 'Logo',
    noun: 'logo',
    empty: 'No logo',
    createLink: (practiceId: number, descriptor: Descriptor, signal?: AbortSignal) =>
      call(practicesApi.logoUpload, { params: { id: practiceId }, body: descriptor, signal }),
    remove: (practiceId: number) => call(practicesApi.removeLogo, { params: { id: practiceId } }),
  },
  PRACTICE_PHOTO: {
    field: 'profilePhoto',
    label: 'Profile photo',
    noun: 'profile photo',
    empty: 'No photo',
    createLink: (practiceId: number, descriptor: Descriptor, signal?: AbortSignal) =>
      call(practicesApi.practiceProfilePhoto, { body: { ...descriptor, practiceId }, signal }),
    remove: (practiceId: number) => call(practicesApi.removePracticeProfilePhoto, { params: { id: practiceId } }),
  },
} as const;

export type BrandingImageKind = keyof typeof IMAGES;

/** The practice's logo or profile photo; admins upload a new one or take it down. */
export function BrandingImageUpload({
  practice,
  editable,
  kind,
}: {
  practice: Practice;
  editable: boolean;
  kind: BrandingImageKind;
}) {
  const image = IMAGES[kind];
  const { noun } = image;
  const queryClient = useQueryClient();
  const practiceKey = practiceSettingsKeys.practice(practice.id);
  return (
    <Stack gap="xs" style={{ flex: '1 1 320px' }} miw={0}>
      <Text fw={600}>{image.label}</Text>
      <ImageUploadField
        url={practice[image.field]}
        alt={`${practice.name} ${noun}`}
        radius="md"
        placeholder={
          <Text size="xs" ta="center">
            {image.empty}
          </Text>
        }
        noun={noun}
        createLink={editable ? (descriptor, signal) => image.createLink(practice.id, descriptor, signal) : null}
        onScanned={() => queryClient.invalidateQueries({ queryKey: practiceKey })}
        texts={{
          scanning: `Checking the new ${noun} for viruses; it appears here once it is clean.`,
          clean: `The new ${noun} is in place.`,
          deleted: `The new ${noun} was removed before its check ended; the ${noun} was not changed.`,
          infected: `Virus detected: the file was deleted and the ${noun} was not changed.`,
          removed: `The ${noun} was removed.`,
        }}
        removal={
          editable
            ? {
                run: async () => {
                  queryClient.setQueryData(practiceKey, await image.remove(practice.id));
                  // The header and practice switcher show the logo.
                  await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
                },
                label: `Remove ${noun}`,
                title: `Remove the practice ${noun}?`,
                body: `Patients and other practices will see the practice without a ${noun}.`,
              }
            : undefined
        }
      />
    </Stack>
  );
}
