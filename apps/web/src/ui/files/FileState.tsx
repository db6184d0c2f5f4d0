/**
 * A file's state in words: `<FileStateLine file={file} progress={percent} />` renders nothing for a
 * clean file, else 'Scanning file...', 'Virus detected', 'Sorry this file has expired' or the
 * upload progress bar. `fileState(file)` gives the same decision for other uses.
 */
import { Group, Loader, Progress, Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';

export const FILE_STATE_TEXT = {
  scanning: 'Scanning file...',
  infected: 'Virus detected',
  deleted: 'Sorry this file has expired',
} as const;

/** What stands between a person and the file, if anything. */
export type FileState = 'deleted' | 'uploading' | 'infected' | 'scanning' | 'clean';

export function fileState(file: FileView): FileState {
  if (file.deleted) return 'deleted';
  if (file.status === 'uploading') return 'uploading';
  return file.scanStatus;
}

interface FileStateLineProps {
  file: FileView;
  /** Upload progress in percent, while the file is uploading. */
  progress?: number;
  compact?: boolean;
}

/** The state in words (never colour alone): scanning, infected, expired, or upload progress. */
export function FileStateLine({ file, progress, compact }: FileStateLineProps) {
  const state = fileState(file);
  if (state === 'clean') return null;
  if (state === 'uploading') {
    const percent = Math.round(Math.min(100, Math.max(0, progress ?? 0)));
    return (
      <Group gap="xs" wrap="nowrap" w="100%">
        <Progress value={percent} size="sm" style={{ flex: 1, minWidth: compact ? 32 : 80 }} aria-label={`Uploading ${file.name}`} />
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {percent}%
        </Text>
      </Group>
    );
  }
  if (state === 'scanning') {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={12} aria-hidden />
        <Text size="xs" c="dimmed">
          {FILE_STATE_TEXT.scanning}
        </Text>
      </Group>
    );
  }
  return (
    <Text size="xs" c={state === 'infected' ? 'red.8' : 'dimmed'} fw={state === 'infected' ? 600 : undefined}>
      {FILE_STATE_TEXT[state]}
    </Text>
  );
}
