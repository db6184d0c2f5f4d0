import { ColorInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormActions } from '../../ui/FormActions';
import { FormModal } from '../../ui/FormModal';
import { useServerErrors } from '../../ui/serverErrors';
import { practiceSettingsKeys } from './queries';
import { reshapeServerError } from '../../lib/serverIssues';
import type { PracticeTag } from './types';

export const TAG_CONTEXT_LABELS: Record<practicesApi.TagContext, string> = {
  GENERAL: 'General',
  REFERRAL: 'Referrals',
  PATIENT: 'Patients',
  CONTENT: 'Content',
  INBOX: 'Inbox',
};
const CONTEXT_OPTIONS = practicesApi.TagContext.options.map((value) => ({ value, label: TAG_CONTEXT_LABELS[value] }));
const SWATCHES = ['#c92a2a', '#d9480f', '#e67700', '#2b8a3e', '#0b7285', '#1864ab', '#5f3dc4', '#a61e4d', '#495057'];
const FIELDS = ['name', 'color', 'context'] as const;

interface TagFormModalProps {
  practiceId: number;
  /** The tag being edited; absent when creating one. */
  tag: PracticeTag | null;
  opened: boolean;
  onClose: () => void;
}

export function TagFormModal({ practiceId, tag, opened, onClose }: TagFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={tag ? `Edit tag ${tag.name}` : 'New tag'}>
      {/* Keyed so each opening starts from the tag's saved values. */}
      <TagForm key={tag?.id ?? 'new'} practiceId={practiceId} tag={tag} onDone={onClose} />
    </FormModal>
  );
}

function TagForm({ practiceId, tag, onDone }: { practiceId: number; tag: PracticeTag | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? SWATCHES[5], context: tag?.context ?? 'GENERAL' },
    validate: {
      name: (v) =>
        !v.trim() ? 'Tag name is required' : v.trim().length > 50 ? 'Tag names are at most 50 characters' : null,
      color: (v) => (/^#[0-9a-f]{6}$/i.test(v.trim()) ? null : 'Use a colour like #1a2b3c'),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: typeof form.values) => {
      const body = { name: values.name.trim(), color: values.color.trim(), context: values.context };
      return tag
        ? call(practicesApi.updateTag, { params: { id: practiceId, tagId: tag.id }, body })
        : call(practicesApi.createTag, { params: { id: practiceId }, body });
    },
    onSuccess: async (saved) => {
      notifications.show({ color: 'teal', message: tag ? `Tag ${saved.name} is saved` : `Tag ${saved.name} is added` });
      onDone();
      // The practice carries its tags too.
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.all(practiceId) });
    },
    onError: (error) => errors.show(reshapeServerError(error, { fieldFor: { ERROR_OBJECT_EXISTS: 'name' } })),
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <ColorInput
          label="Colour"
          required
          format="hex"
          swatches={SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
          {...form.getInputProps('color')}
        />
        <Select label="Used for" data={CONTEXT_OPTIONS} allowDeselect={false} {...form.getInputProps('context')} />
        <FormActions
          formError={errors.formError}
          pending={save.isPending}
          submitLabel={tag ? 'Save tag' : 'Add tag'}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
