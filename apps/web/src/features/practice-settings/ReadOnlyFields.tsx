import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';

/** A description list of settings for people who may see them but not change them. */
export function ReadOnlyFields({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.value ?? (
              <Text span c="dimmed">
                Not set
              </Text>
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
