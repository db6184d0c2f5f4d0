import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { MATCHING_TIME_LIMIT_MAX, hoursAndMinutes, matchingTimeError, networkNameError } from './matchingTime';

export interface NetworkValues {
  name: string;
  matchingTimeLimit: number;
}

interface NetworkFormProps<T> {
  initialValues: { name: string; matchingTimeLimit: number | string };
  submitLabel: string;
  save: (values: NetworkValues) => Promise<T>;
  onSaved: (result: T) => void;
  onCancel?: () => void;
  /** Empty the form after saving, ready for the next one. */
  resetOnSave?: boolean;
}

const FIELDS = ['name', 'matchingTimeLimit'] as const;

/** Name and matching time limit of a network, for creating one and for changing it. */
export function NetworkForm<T>({
  initialValues,
  submitLabel,
  save,
  onSaved,
  onCancel,
  resetOnSave,
}: NetworkFormProps<T>) {
  const form = useForm({
    initialValues,
    validate: { name: networkNameError, matchingTimeLimit: matchingTimeError },
  });
  const errors = useServerErrors(form, FIELDS);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (result) => {
      if (resetOnSave) form.reset();
      onSaved(result);
    },
    onError: errors.show,
  });

  const minutes = Number(form.values.matchingTimeLimit);
  const preview = matchingTimeError(form.values.matchingTimeLimit) === null ? hoursAndMinutes(minutes) : null;

  return (
    <form
      onSubmit={errors.onSubmit((values) =>
        mutation.mutate({ name: values.name.trim(), matchingTimeLimit: Number(values.matchingTimeLimit) }),
      )}
      noValidate
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Network name" required maxLength={200} {...form.getInputProps('name')} />
          <NumberInput
            label="Matching time limit (minutes)"
            description={`How long a referral waits in this tier before moving on; at most ${MATCHING_TIME_LIMIT_MAX} (one week).`}
            required
            min={1}
            max={MATCHING_TIME_LIMIT_MAX}
            allowDecimal={false}
            allowNegative={false}
            // Out-of-range values get a message rather than being silently changed on blur.
            clampBehavior="none"
            {...form.getInputProps('matchingTimeLimit')}
          />
        </SimpleGrid>
        {preview && (
          <Text size="sm" c="dimmed">
            That is {preview}.
          </Text>
        )}
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
