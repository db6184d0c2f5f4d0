import { useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { auditApi } from '@referwell/contracts';
import { errorMessage } from '../../lib/errors';
import { fetchAuditCsv, saveFile, type ExportProgress } from './auditExport';

type State = { kind: 'idle' } | { kind: 'exporting'; progress: ExportProgress } | { kind: 'failed'; error: unknown };

const number = (n: number) => n.toLocaleString('en-US');

/** "Export CSV" for the filtered trail, showing how many rows have arrived; it can be stopped. */
export function ExportCsvButton({ practiceId, query }: { practiceId: number; query: auditApi.AuditExportQuery }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'exporting', progress: { rows: 0, total: 0 } });
    try {
      const { blob, fileName, rows } = await fetchAuditCsv(
        practiceId,
        query,
        (progress) => setState({ kind: 'exporting', progress }),
        controller.signal,
      );
      saveFile(blob, fileName);
      setState({ kind: 'idle' });
      notifications.show({
        color: 'teal',
        message: `Exported ${number(rows)} ${rows === 1 ? 'event' : 'events'} to ${fileName}`,
      });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'idle' } : { kind: 'failed', error });
    }
  }

  if (state.kind === 'exporting') {
    const { rows, total } = state.progress;
    return (
      <Stack gap={4} miw={220} role="status" aria-live="polite">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {total ? `Exporting ${number(rows)} of ${number(total)} events…` : 'Preparing the export…'}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => abort.current?.abort()}>
            Stop
          </Button>
        </Group>
        <Progress value={total ? (rows / total) * 100 : 0} aria-label="Export progress" animated={!total} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="light" onClick={() => void start()}>
        Export CSV
      </Button>
      {state.kind === 'failed' && (
        <Alert color="red" role="alert" variant="light" title="The export failed">
          {errorMessage(state.error)}
        </Alert>
      )}
    </Stack>
  );
}
