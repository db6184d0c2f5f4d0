/**
 * A file's state in words: `<FileStateLine file={file} />` renders nothing for a clean file, else
 * 'Uploading...', 'Upload did not finish — try again', 'Scanning file...', 'Virus detected' or
 * 'Sorry this file has expired'.
 * `fileState(file)` gives the same decision for other uses. The upload's own progress (a ring and
 * "Uploading 42%") is shown by the upload panel, FilePond, which is where the bytes are sent from;
 * a list only learns that a file's bytes have not arrived yet.
 */
import { Group, Loader, Text } from '@mantine/core';
import { filesApi, type FileView } from '@referwell/contracts';

export const FILE_STATE_TEXT = {
  uploading: 'Uploading...',
  failed: filesApi.UPLOAD_NOT_FINISHED,
  scanning: 'Scanning file...',
  infected: 'Virus detected',
  deleted: 'Sorry this file has expired',
} as const;

/** What stands between a person and the file, if anything. */
export type FileState = 'failed' | 'deleted' | 'uploading' | 'infected' | 'scanning' | 'clean';

export function fileState(file: FileView): FileState {
  // An upload given up is deleted too; what people need to know is that it never arrived.
  if (file.status === 'failed') return 'failed';
  if (file.deleted) return 'deleted';
  if (file.status === 'uploading') return 'uploading';
  return file.scanStatus;
}

interface FileStateLineProps {
  file: FileView;
}

/** The state in words (never colour alone): uploading, not finished, scanning, infected or expired. */
export function FileStateLine({ file }: FileStateLineProps) {
  const state = fileState(file);
  if (state === 'clean') return null;
  if (state === 'uploading' || state === 'scanning') {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={12} aria-hidden />
        <Text size="xs" c="dimmed">
          {FILE_STATE_TEXT[state]}
        </Text>
      </Group>
    );
  }
  return (
    <Text
      size="xs"
      c={state === 'infected' || state === 'failed' ? 'red.8' : 'dimmed'}
      fw={state === 'infected' ? 600 : undefined}
    >
      {FILE_STATE_TEXT[state]}
    </Text>
  );
}
