import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatFileSize, UploadPanel, useUploadScan, WEB_IMAGE_RULES, type UploadPanelProps } from '../../ui/files';
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

/**
 * The practice's logo or profile photo; for admins an upload panel and, while there is one, a way
 * to take it down. The server makes a clean upload the picture once the virus scan passes, so
 * after an upload the scan is followed until it ends.
 */
export function BrandingImageUpload({ practice, editable, kind }: { practice: Practice; editable: boolean; kind: BrandingImageKind }) {
  const image = IMAGES[kind];
  const url = practice[image.field];
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<number | null>(null);
  // A new panel once a scan has ended, so removing a used file from it cannot delete the image. Not
  // sooner: unmounting the panel while its upload is still finishing would cancel (and delete) it.
  const [panelKey, setPanelKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);

  const status = useUploadScan(pending, () => queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.practice(practice.id) }));
  const remove = useMutation({
    mutationFn: () => image.remove(practice.id),
    onSuccess: async (changed) => {
      queryClient.setQueryData(practiceSettingsKeys.practice(practice.id), changed);
      setConfirming(false);
      setRemoved(true);
      // What an ended upload said no longer holds; an upload still being checked is still followed.
      if (status !== 'scanning') setPending(null);
      // The header and practice switcher show the logo.
      await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
    },
  });

  const createLink: NonNullable<UploadPanelProps['createLink']> = (descriptor, signal) => image.createLink(practice.id, descriptor, signal);

  useEffect(() => {
    if (status === 'clean' || status === 'infected') setPanelKey((k) => k + 1);
  }, [status]);
  return (
    <Stack gap="xs" style={{ flex: '1 1 320px' }} miw={0}>
      <Text fw={600}>{image.label}</Text>
      <Group wrap="wrap" align="flex-start" gap="lg">
        <Stack gap="xs" align="center">
          <Avatar src={url} alt={`${practice.name} ${image.noun}`} size="xl" radius="md" color="teal">
            {url ? null : <Text size="xs" ta="center">{image.empty}</Text>}
          </Avatar>
          {editable && url && (
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
              Remove {image.noun}
            </Button>
          )}
        </Stack>
        {editable && (
          <Stack gap="xs" style={{ flex: '1 1 220px' }} miw={0}>
            <UploadPanel
              key={panelKey}
              createLink={createLink}
              label={`Drop a PNG, JPEG, GIF or WebP ${image.noun} (at most ${formatFileSize(practicesApi.MAX_IMAGE_BYTES)}) or`}
              rules={WEB_IMAGE_RULES}
              onUploaded={(fileId) => {
                setRemoved(false);
                setPending(fileId);
              }}
            />
            <div role="status" aria-live="polite">
              {status === 'scanning' && <Text size="sm">Checking the new {image.noun} for viruses; it appears here once it is clean.</Text>}
              {status === 'clean' && <Text size="sm">The new {image.noun} is in place.</Text>}
              {status === 'deleted' && (
                <Text size="sm">
                  The new {image.noun} was removed before its check ended; the {image.noun} was not changed.
                </Text>
              )}
              {removed && <Text size="sm">The {image.noun} was removed.</Text>}
            </div>
            {status === 'infected' && (
              <Alert color="red" variant="light" role="alert">
                Virus detected: the file was deleted and the {image.noun} was not changed.
              </Alert>
            )}
          </Stack>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`Remove the practice ${image.noun}?`}
        confirmLabel={`Remove ${image.noun}`}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
        loading={remove.isPending}
        error={remove.error}
      >
        Patients and other practices will see the practice without a {image.noun}.
      </ConfirmDialog>
    </Stack>
  );
}
