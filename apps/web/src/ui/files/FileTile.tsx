/**
 * One row or card of FileViewer (used only by it): `<FileTile file={file} mode="normal" onOpen={…}
 * onDownload={…} openVerb="Open" allowDownload onRemove={…} />`. The modes are described in FileViewer.tsx.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { FilePreview } from './FilePreview';
import { fileState, FileStateLine } from './FileState';
import { formatFileSize } from './fileSize';
import { FILE_NAME_MAX, FILE_NAME_MAX_MINIMAL, truncateFileName } from './fileTypes';
import { DownloadIcon, RemoveIcon } from './icons';

export type FileViewerMode = 'full' | 'normal' | 'minimal' | 'tiny';

interface ModeLayout {
  preview: number | 'full';
  nameMax: number;
  showName: boolean;
  showSize: boolean;
  actions: 'text' | 'icon' | 'none';
}

const LAYOUTS: Record<FileViewerMode, ModeLayout> = {
  full: { preview: 'full', nameMax: FILE_NAME_MAX, showName: true, showSize: true, actions: 'text' },
  normal: { preview: 56, nameMax: FILE_NAME_MAX, showName: true, showSize: true, actions: 'text' },
  minimal: { preview: 36, nameMax: FILE_NAME_MAX_MINIMAL, showName: true, showSize: true, actions: 'icon' },
  tiny: { preview: 40, nameMax: FILE_NAME_MAX_MINIMAL, showName: false, showSize: false, actions: 'none' },
};

export interface FileTileProps {
  file: FileView;
  mode: FileViewerMode;
  allowDownload: boolean;
  /** Set only for files that can be opened (clean ones). */
  onOpen?: () => void;
  /** Opens the file's current link in a new tab (the link it came with may have expired). */
  onDownload: () => void;
  openVerb: 'View' | 'Open';
  onRemove?: () => void;
}

// Room the name needs before the buttons wrap onto their own line. Tiny tiles have no buttons and
// stack their parts, where a 200 px basis would be a height.
const mainFlex = (mode: FileViewerMode) => (mode === 'tiny' ? 'none' : '1 1 200px');

/** The name cut to the mode's limit; the whole name stays in the title and for screen readers. */
function FileName({ name, max }: { name: string; max: number }) {
  const shown = truncateFileName(name, max);
  if (shown === name) {
    return (
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={500} title={name} style={{ overflowWrap: 'anywhere' }}>
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </Text>
  );
}

/** One file of a FileViewer: the clickable part (clean files only) and its actions beside it. */
export function FileTile({ file, mode, allowDownload, onOpen, onDownload, openVerb, onRemove }: FileTileProps) {
  const layout = LAYOUTS[mode];
  const state = fileState(file);
  const vertical = mode === 'full' || mode === 'tiny';

  const details = (
    <Stack gap={2} style={{ minWidth: 0, flex: vertical ? undefined : 1 }} w={vertical ? '100%' : undefined}>
      {layout.showName && <FileName name={file.name} max={layout.nameMax} />}
      {layout.showSize && state !== 'deleted' && state !== 'failed' && (
        <Text size="xs" c="dimmed">
          {formatFileSize(file.size)}
        </Text>
      )}
      <FileStateLine file={file} />
    </Stack>
  );
  const body: ReactNode = (
    <Box
      style={{
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        alignItems: vertical ? 'stretch' : 'center',
        gap: 'var(--mantine-spacing-xs)',
        minWidth: 0,
        flex: 1,
      }}
    >
      <FilePreview file={file} size={layout.preview} />
      {details}
    </Box>
  );

  const main = onOpen ? (
    <UnstyledButton
      onClick={onOpen}
      aria-label={`${openVerb} ${file.name}`}
      title={mode === 'tiny' ? file.name : undefined}
      style={{ display: 'flex', flex: mainFlex(mode), minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {body}
    </UnstyledButton>
  ) : (
    <Box title={mode === 'tiny' ? file.name : undefined} style={{ display: 'flex', flex: mainFlex(mode), minWidth: 0 }}>
      {body}
    </Box>
  );

  const canDownload = allowDownload && state === 'clean' && !!file.downloadUrl && layout.actions !== 'none';
  const canRemove =
    !!onRemove && state !== 'deleted' && state !== 'failed' && state !== 'uploading' && layout.actions !== 'none';
  const actions = (canDownload || canRemove) && (
    <Group gap={4} wrap="nowrap" justify="flex-end" ml="auto">
      {canDownload &&
        (layout.actions === 'icon' ? (
          <ActionIcon variant="subtle" onClick={onDownload} aria-label={`Download ${file.name}`}>
            <DownloadIcon />
          </ActionIcon>
        ) : (
          <Button variant="subtle" size="compact-sm" onClick={onDownload} aria-label={`Download ${file.name}`}>
            Download
          </Button>
        ))}
      {canRemove &&
        (layout.actions === 'icon' ? (
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${file.name}`}>
            <RemoveIcon />
          </ActionIcon>
        ) : (
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} aria-label={`Remove ${file.name}`}>
            Remove
          </Button>
        ))}
    </Group>
  );

  return (
    <Paper
      component="li"
      aria-label={file.name}
      withBorder={mode !== 'tiny'}
      p={mode === 'tiny' ? 0 : 'xs'}
      maw={mode === 'tiny' ? 120 : undefined}
      style={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        // On a phone the buttons move under the name rather than squeezing it.
        flexWrap: vertical ? 'nowrap' : 'wrap',
        alignItems: vertical ? 'stretch' : 'center',
        gap: 'var(--mantine-spacing-xs)',
        minWidth: 0,
      }}
    >
      {main}
      {actions}
    </Paper>
  );
}
