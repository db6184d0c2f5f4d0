import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departmentsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormActions } from '../../ui/FormActions';
import { useServerErrors } from '../../ui/serverErrors';
import { teamKeys } from './teamQueries';
import type { TeamScope } from './teamAccess';

type Department = departmentsApi.Department;

const FIELDS = ['name', 'description', 'address', 'phoneNumber'] as const;
const NAME_MAX = 200;

interface DepartmentFormProps {
  scope: TeamScope;
  /** The department to edit; none creates a new one. */
  department: Department | null;
  opened: boolean;
  onClose: () => void;
}

export function DepartmentFormModal({ scope, department, opened, onClose }: DepartmentFormProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={department ? `Edit ${department.name}` : 'New department'} centered>
      {/* Keyed so each opening starts from the department's current values. */}
      <DepartmentForm key={department?.id ?? 'new'} scope={scope} department={department} onDone={onClose} />
    </Modal>
  );
}

function DepartmentForm({
  scope,
  department,
  onDone,
}: {
  scope: TeamScope;
  department: Department | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: department?.name ?? '',
      description: department?.description ?? '',
      address: department?.address ?? '',
      phoneNumber: department?.phoneNumber ?? '',
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? 'Name is required'
          : value.trim().length > NAME_MAX
            ? `Name must be at most ${NAME_MAX} characters`
            : null,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: typeof form.values) => {
      const name = values.name.trim();
      if (department) {
        // Emptied details are cleared with null.
        const clearable = (value: string) => value.trim() || null;
        return call(departmentsApi.updateDepartment, {
          params: { id: department.id },
          body: {
            name,
            description: clearable(values.description),
            address: clearable(values.address),
            phoneNumber: clearable(values.phoneNumber),
          },
        });
      }
      const optional = (value: string) => value.trim() || undefined;
      return call(departmentsApi.createDepartment, {
        body: {
          practiceId: scope.practiceId,
          name,
          description: optional(values.description),
          address: optional(values.address),
          phoneNumber: optional(values.phoneNumber),
        },
      });
    },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: department ? `${saved.name} is saved` : `${saved.name} was created`,
      });
      await queryClient.invalidateQueries({ queryKey: teamKeys.departments(scope.practiceId) });
      onDone();
    },
    onError: (error) => {
      errors.show(error);
    },
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Description" rows={3} resize="vertical" {...form.getInputProps('description')} />
        <TextInput label="Address" {...form.getInputProps('address')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phoneNumber')} />
        <FormActions
          formError={errors.formError}
          pending={save.isPending}
          submitLabel={department ? 'Save department' : 'Create department'}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
