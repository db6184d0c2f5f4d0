import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyPermission, apiKeysApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormActions } from '../../ui/FormActions';
import { FormModal } from '../../ui/FormModal';
import { useServerErrors } from '../../ui/serverErrors';
import { PERMISSIONS } from './apiKeyPermissions';
import { practiceSettingsKeys } from './queries';
import { reshapeServerError } from '../../lib/serverIssues';

export type CreatedApiKey = apiKeysApi.ApiKey & { secret: string };

interface Props {
  practiceId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}

export function CreateApiKeyModal({ practiceId, opened, onClose, onCreated }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="New API key" size="lg">
      <CreateApiKeyForm practiceId={practiceId} onCancel={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

function CreateApiKeyForm({
  practiceId,
  onCancel,
  onCreated,
}: {
  practiceId: number;
  onCancel: () => void;
  onCreated: Props['onCreated'];
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '', permissions: [] as ApiKeyPermission[] },
    validate: {
      name: (v) => (v.trim().length > 100 ? 'Name must be at most 100 characters' : null),
      permissions: (v) => (v.length ? null : 'Choose at least one permission'),
    },
  });
  const errors = useServerErrors(form, ['name', 'permissions']);

  const create = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(apiKeysApi.createApiKey, {
        body: {
          practiceId,
          permissions: values.permissions,
          ...(values.name.trim() ? { name: values.name.trim() } : {}),
        },
      }),
    onSuccess: async (key) => {
      onCreated(key);
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.apiKeys(practiceId) });
    },
    onError: (error) => errors.show(reshapeServerError(error, {})),
  });

  return (
    <form onSubmit={errors.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="Say which integration uses it, so you know what stops working if you deactivate it."
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="Permissions"
          description="The key can do only what you tick."
          required
          {...form.getInputProps('permissions')}
        >
          <Stack gap="sm" mt="xs">
            {ApiKeyPermission.options.map((permission) => (
              <Checkbox
                key={permission}
                value={permission}
                label={PERMISSIONS[permission].label}
                description={PERMISSIONS[permission].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormActions
          formError={errors.formError}
          pending={create.isPending}
          submitLabel="Create key"
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
