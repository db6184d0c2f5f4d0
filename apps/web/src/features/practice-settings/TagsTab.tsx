import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { practicesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { CrudTable } from '../../ui/CrudTable';
import { canEditPractice } from './access';
import { practiceSettingsKeys, tagsQuery } from './queries';
import { TAG_CONTEXT_LABELS, TagFormModal } from './TagFormModal';
import type { PracticeTag } from './types';

export function TagsTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQuery(practiceId));

  return (
    <CrudTable<PracticeTag>
      list={tags}
      editable={editable}
      intro="Coloured labels the practice puts on referrals, patients and messages."
      texts={{
        loading: 'Loading tags',
        failed: 'Could not load tags',
        empty: 'No tags yet',
        emptyHint: editable ? 'Add tags to sort referrals, patients and messages.' : 'Practice admins can add tags.',
        pages: 'Tag pages',
        add: 'New tag',
      }}
      minWidth={420}
      columns={[
        {
          header: 'Tag',
          cell: (tag) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={tag.color} size={18} aria-hidden />
              <Text>{tag.name}</Text>
            </Group>
          ),
        },
        {
          header: 'Used for',
          cell: (tag) => (
            <Badge variant="light" color="gray">
              {TAG_CONTEXT_LABELS[tag.context]}
            </Badge>
          ),
        },
      ]}
      itemName={(tag) => `tag ${tag.name}`}
      form={(tag, opened, onClose) => (
        <TagFormModal practiceId={practiceId} tag={tag} opened={opened} onClose={onClose} />
      )}
      remove={{
        run: (tag) => call(practicesApi.deleteTag, { params: { id: practiceId, tagId: tag.id } }),
        onRemoved: async (tag) => {
          notifications.show({ color: 'teal', message: `Tag ${tag.name} is deleted` });
          await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.all(practiceId) });
        },
        title: (tag) => `Delete tag ${tag?.name ?? ''}?`,
        confirmLabel: 'Delete tag',
        warning: 'Anything carrying this tag loses it. This cannot be undone.',
      }}
    />
  );
}
