import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { deleteFileById, FileViewer, UploadPanel, useFileViews } from '../../ui/files';

interface AttachmentsFieldProps {
  /** The practice the uploads belong to until they are attached. */
  practiceId: number;
  label: string;
  /** The drop area's words; they name its Browse control, so each panel on a page needs its own. */
  uploadLabel: string;
  value: number[];
  onChange: (ids: number[]) => void;
  onUploadingChange?: (uploading: boolean) => void;
  error?: string;
}

/**
 * Files for a referral, comment or note: one upload at a time through the upload panel, the
 * uploaded ones listed underneath (removable). Ids are what the call sends; the files are
 * re-owned by the referral when it is saved.
 */
export function AttachmentsField({
  practiceId,
  label,
  uploadLabel,
  value,
  onChange,
  onUploadingChange,
  error,
}: AttachmentsFieldProps) {
  // A fresh panel after each upload: the finished file belongs to the list now, not the panel.
  const [panelKey, setPanelKey] = useState(0);
  const files = useFileViews(value);
  const shown = (files.data ?? []).filter((file) => value.includes(file.id));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="div">
        {label}
      </Text>
      <FileViewer
        files={shown}
        mode="minimal"
        label={label}
        onRemove={async (file) => {
          // Not sent yet, so nobody else holds it: removing it here deletes it.
          await deleteFileById(file.id);
          onChange(value.filter((id) => id !== file.id));
        }}
      />
      <UploadPanel
        key={panelKey}
        practiceId={practiceId}
        label={uploadLabel}
        onUploadingChange={onUploadingChange}
        onUploaded={(id) => {
          onChange([...value, id]);
          // The replaced panel reports nothing more, so the upload's end is told here.
          onUploadingChange?.(false);
          setPanelKey((key) => key + 1);
        }}
      />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
