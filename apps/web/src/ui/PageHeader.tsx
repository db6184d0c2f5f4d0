import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

/** The page's one h1 and the sentence under it that says what the page is for. */
export function PageHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
    </div>
  );
}
