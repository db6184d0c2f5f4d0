import { useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { practicesApi } from '@referwell/contracts';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatFileSize } from './fileSize';
import { UploadPanel, type UploadPanelProps } from './UploadPanel';
import { WEB_IMAGE_RULES } from './uploadRules';
import { useUploadScan } from './useUploadScan';

/** What the field says as a new image is checked, and once the image is taken down. */
export interface ImageUploadTexts {
  scanning: string;
  clean: string;
  /** The upload was deleted before its scan ended. */
  deleted: string;
  infected: string;
  removed: string;
}

export interface ImageUploadFieldProps {
  /** The image shown now; `placeholder` stands in without one. */
  url: string | null;
  alt: string;
  radius: 'md' | 'xl';
  placeholder: ReactNode;
  /** What the upload panel asks for, e.g. 'photo'. */
  noun: string;
  /** How an upload gets its link; null offers no upload (`unavailable` says why, when there is a reason to give). */
  createLink: NonNullable<UploadPanelProps['createLink']> | null;
  unavailable?: ReactNode;
  /** Once a new image is scanned clean, the owner is loaded again to show it. */
  onScanned: () => Promise<unknown>;
  texts: ImageUploadTexts;
  /** Taking the image down, for those who may: the call (which loads the owner again) and its confirmation's words. */
  removal?: { run: () => Promise<unknown>; label: string; title: string; body: ReactNode };
}

/**
 * A logo or profile photo (a user's, a practice's): the image, an upload of a new one and, while
 * there is one, a way to take it down after a confirmation. The server makes a clean upload the
 * image once the virus scan passes, so after an upload the scan is followed until it ends; what
 * happened is said in a status line.
 */
export function ImageUploadField({
  url,
  alt,
  radius,
  placeholder,
  noun,
  createLink,
  unavailable,
  onScanned,
  texts,
  removal,
}: ImageUploadFieldProps) {
  const [pending, setPending] = useState<number | null>(null);
  const scan = useUploadScan(pending, onScanned);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);
  // A failed reload fails the removal too; asking again is harmless (removing nothing changes nothing).
  const remove = useMutation({
    mutationFn: () => removal!.run(),
    onSuccess: () => {
      setConfirming(false);
      setRemoved(true);
      // What an ended upload said no longer holds; an upload still being checked is still followed.
      if (scan !== 'scanning') setPending(null);
    },
  });
  // A new panel once the scan has ended, so removing the used file from it cannot delete the
  // image. Not sooner: unmounting the panel while its upload is finishing would cancel it.
  const [panelKey, setPanelKey] = useState(0);
  const [keyedScan, setKeyedScan] = useState<typeof scan | undefined>(undefined);
  if (scan !== keyedScan) {
    setKeyedScan(scan);
    if (scan === 'clean' || scan === 'infected') setPanelKey((key) => key + 1);
  }

  return (
    <Group wrap="wrap" align="flex-start" gap="lg">
      <Stack gap="xs" align="center">
        <Avatar src={url} alt={alt} size="xl" radius={radius} color="teal">
          {url ? null : placeholder}
        </Avatar>
        {removal && url && (
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
            {removal.label}
          </Button>
        )}
      </Stack>
      {(createLink || unavailable) && (
        <Stack gap="xs" style={{ flex: '1 1 240px' }} miw={0}>
          {createLink ? (
            <UploadPanel
              key={panelKey}
              createLink={createLink}
              label={`Drop a PNG, JPEG, GIF or WebP ${noun} (at most ${formatFileSize(practicesApi.MAX_IMAGE_BYTES)}) or`}
              rules={WEB_IMAGE_RULES}
              onUploaded={(fileId) => {
                setRemoved(false);
                setPending(fileId);
              }}
              onCanceled={() => setPending(null)}
            />
          ) : (
            unavailable
          )}
          <div role="status" aria-live="polite">
            {scan === 'scanning' && <Text size="sm">{texts.scanning}</Text>}
            {scan === 'clean' && <Text size="sm">{texts.clean}</Text>}
            {scan === 'deleted' && <Text size="sm">{texts.deleted}</Text>}
            {removed && <Text size="sm">{texts.removed}</Text>}
          </div>
          {scan === 'infected' && (
            <Alert color="red" variant="light" role="alert">
              {texts.infected}
            </Alert>
          )}
        </Stack>
      )}
      {removal && (
        <ConfirmDialog
          opened={confirming}
          title={removal.title}
          confirmLabel={removal.label}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
          loading={remove.isPending}
          error={remove.error}
        >
          {removal.body}
        </ConfirmDialog>
      )}
    </Group>
  );
}
