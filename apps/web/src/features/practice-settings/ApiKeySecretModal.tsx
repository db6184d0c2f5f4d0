import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CreatedApiKey } from './CreateApiKeyModal';

/** The one time the secret is shown; closing the dialog forgets it. */
export function ApiKeySecretModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Copy your new API key"
      centered
      size="lg"
      // An accidental click outside must not throw the only copy of the secret away.
      closeOnClickOutside={false}
    >
      {created && (
        <Stack>
          <Text>
            {created.name ? `The key “${created.name}” is ready.` : 'The key is ready.'} Integrations send it in the{' '}
            <Code>X-Api-Key</Code> header.
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="API key secret">
            {created.secret}
          </Code>
          <Alert color="yellow" variant="light" role="alert">
            This key will not be shown again. Copy it now and store it somewhere safe.
          </Alert>
          <Group justify="flex-end">
            <CopyButton value={created.secret} timeout={2000}>
              {({ copied, copy }) => (
                <>
                  <VisuallyHidden aria-live="polite">
                    {copied ? 'The key is copied to the clipboard' : ''}
                  </VisuallyHidden>
                  <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                </>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
