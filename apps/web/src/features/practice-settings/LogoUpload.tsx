import { useEffect, useState } from 'react';
import { Alert, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { formatFileSize, UploadPanel, useUploadScan, WEB_IMAGE_RULES, type UploadPanelProps } from '../../ui/files';
import { practiceSettingsKeys } from './queries';
import type { Practice } from './types';

/**
 * The practice logo, and for admins an upload panel. The server makes a clean upload the logo
 * once the virus scan passes, so after an upload the scan is followed until it ends.
 */
export function LogoUpload({ practice, editable }: { practice: Practice; editable: boolean }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<number | null>(null);
  // A new panel once a scan has ended, so removing a used file from it cannot delete the logo. Not
  // sooner: unmounting the panel while its upload is still finishing would cancel (and delete) it.
  const [panelKey, setPanelKey] = useState(0);

  const status = useUploadScan(pending, () => queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.practice(practice.id) }));

  const createLink: NonNullable<UploadPanelProps['createLink']> = (descriptor, signal) =>
    call(practicesApi.logoUpload, { params: { id: practice.id }, body: descriptor, signal });

  useEffect(() => {
    if (status === 'clean' || status === 'infected') setPanelKey((k) => k + 1);
  }, [status]);
  return (
    <Paper withBorder radius="md" p="md">
      <Group wrap="wrap" align="flex-start" gap="lg">
        <Avatar src={practice.logoUrl} alt={`${practice.name} logo`} size="xl" radius="md" color="teal">
          {practice.logoUrl ? null : <Text size="xs" ta="center">No logo</Text>}
        </Avatar>
        {editable && (
          <Stack gap="xs" style={{ flex: '1 1 260px' }} miw={0}>
            <UploadPanel
              key={panelKey}
              createLink={createLink}
              label={`Drop a PNG, JPEG, GIF or WebP logo (at most ${formatFileSize(practicesApi.MAX_IMAGE_BYTES)}) or`}
              rules={WEB_IMAGE_RULES}
              onUploaded={(fileId) => setPending(fileId)}
            />
            <div role="status" aria-live="polite">
              {status === 'scanning' && <Text size="sm">Checking the new logo for viruses; it appears here once it is clean.</Text>}
              {status === 'clean' && <Text size="sm">The new logo is in place.</Text>}
              {status === 'deleted' && <Text size="sm">The new logo was removed before its check ended; the logo was not changed.</Text>}
            </div>
            {status === 'infected' && (
              <Alert color="red" variant="light" role="alert">
                Virus detected: the file was deleted and the logo was not changed.
              </Alert>
            )}
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
