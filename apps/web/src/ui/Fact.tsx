import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/**
 * One term and its value inside a `<dl>` (a referral's, a submission's, an organisation's facts).
 * Long words wrap and line breaks the person typed are kept.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}
