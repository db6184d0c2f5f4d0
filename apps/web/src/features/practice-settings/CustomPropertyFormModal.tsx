import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customPropertiesApi, CustomPropertyType } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormActions } from '../../ui/FormActions';
import { FormModal } from '../../ui/FormModal';
import { useServerErrors } from '../../ui/serverErrors';
import { practiceSettingsKeys } from './queries';
import { reshapeServerError } from '../../lib/serverIssues';

type Definition = customPropertiesApi.CustomPropertyDefinition;

export const INVALID_MONIKER = 'Invalid moniker format';
export const PROPERTY_TYPE_LABELS: Record<CustomPropertyType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  DATE: 'Date',
};
const TYPE_OPTIONS = CustomPropertyType.options.map((value) => ({ value, label: PROPERTY_TYPE_LABELS[value] }));
const FIELDS = ['name', 'moniker', 'type'] as const;

interface Props {
  practiceId: number;
  definition: Definition | null;
  opened: boolean;
  onClose: () => void;
}

export function CustomPropertyFormModal({ practiceId, definition, opened, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={definition ? `Edit ${definition.name}` : 'New custom property'}>
      <PropertyForm key={definition?.id ?? 'new'} practiceId={practiceId} definition={definition} onDone={onClose} />
    </FormModal>
  );
}

function PropertyForm({
  practiceId,
  definition,
  onDone,
}: {
  practiceId: number;
  definition: Definition | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: definition?.name ?? '',
      moniker: definition?.moniker ?? '',
      type: definition?.type ?? 'TEXT',
    },
    validate: {
      name: (v) => (!v.trim() ? 'Name is required' : v.trim().length > 100 ? 'Names are at most 100 characters' : null),
      moniker: (v) =>
        customPropertiesApi.MONIKER_PATTERN.test(v.trim()) && v.trim().length <= 64 ? null : INVALID_MONIKER,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: typeof form.values) => {
      const body = { name: values.name.trim(), moniker: values.moniker.trim(), type: values.type };
      return definition
        ? call(customPropertiesApi.updateDefinition, { params: { id: practiceId, propertyId: definition.id }, body })
        : call(customPropertiesApi.createDefinition, { params: { id: practiceId }, body });
    },
    onSuccess: async (saved) => {
      notifications.show({ color: 'teal', message: definition ? `${saved.name} is saved` : `${saved.name} is added` });
      onDone();
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.customProperties(practiceId) });
    },
    onError: (error) => errors.show(reshapeServerError(error, { fieldFor: { ERROR_OBJECT_EXISTS: 'moniker' } })),
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Moniker"
          required
          description="How forms and messages refer to it: capital letters, digits and underscores in double braces, such as {{MEMBER_ID}}."
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('moniker')}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          description={definition ? 'Stored values must fit a new type.' : undefined}
          {...form.getInputProps('type')}
        />
        <FormActions
          formError={errors.formError}
          pending={save.isPending}
          submitLabel={definition ? 'Save property' : 'Add property'}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
