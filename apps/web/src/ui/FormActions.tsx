import { Button, Group } from '@mantine/core';
import { FormErrorAlert } from './serverErrors';

/** The end of a form in a dialog: what the server refused, then Cancel and the submit button. */
export function FormActions({
  formError,
  pending,
  submitLabel,
  onCancel,
}: {
  formError: string | null;
  pending: boolean;
  submitLabel: string;
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
