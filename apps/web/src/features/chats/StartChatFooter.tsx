import { Button, Group } from '@mantine/core';
import { FormErrorAlert } from '../../ui/serverErrors';

/** The end of every "new chat" form: what the server refused, then Cancel and the submit button. */
export function StartChatFooter({ formError, pending, submitLabel = 'Start chat', onCancel }: {
  formError: string | null;
  pending: boolean;
  submitLabel?: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormErrorAlert message={formError} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
