import { Badge, Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customPropertiesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { CrudTable } from '../../ui/CrudTable';
import { canEditPractice } from './access';
import { CustomPropertyFormModal, PROPERTY_TYPE_LABELS } from './CustomPropertyFormModal';
import { customPropertiesQuery, practiceSettingsKeys } from './queries';

type Definition = customPropertiesApi.CustomPropertyDefinition;

export function CustomPropertiesTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  const queryClient = useQueryClient();
  const definitions = useQuery(customPropertiesQuery(practiceId));

  return (
    <CrudTable<Definition>
      list={definitions}
      editable={editable}
      intro="Extra details the practice keeps about its members, used in forms and messages by moniker."
      texts={{
        loading: 'Loading custom properties',
        failed: 'Could not load custom properties',
        empty: 'No custom properties yet',
        emptyHint: editable
          ? 'Add one to record details such as a member ID for everyone in the practice.'
          : 'Practice admins can add them.',
        pages: 'Custom property pages',
        add: 'New custom property',
      }}
      minWidth={520}
      columns={[
        { header: 'Name', cell: (d) => d.name },
        { header: 'Moniker', cell: (d) => <Code>{d.moniker}</Code> },
        {
          header: 'Type',
          cell: (d) => (
            <Badge variant="light" color="gray">
              {PROPERTY_TYPE_LABELS[d.type]}
            </Badge>
          ),
        },
      ]}
      itemName={(d) => d.name}
      form={(definition, opened, onClose) => (
        <CustomPropertyFormModal practiceId={practiceId} definition={definition} opened={opened} onClose={onClose} />
      )}
      remove={{
        run: (d) => call(customPropertiesApi.deleteDefinition, { params: { id: practiceId, propertyId: d.id } }),
        onRemoved: async (d) => {
          notifications.show({ color: 'teal', message: `${d.name} is deleted` });
          await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.customProperties(practiceId) });
        },
        title: (d) => `Delete ${d?.name ?? 'this property'}?`,
        confirmLabel: 'Delete property',
        warning: 'Every value stored for this property is deleted too. This cannot be undone.',
      }}
    />
  );
}
