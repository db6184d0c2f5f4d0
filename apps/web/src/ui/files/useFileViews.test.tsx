import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/queryClient';
import { fakeServer } from '../../test/fakeServer';
import { fileView } from './testFiles';
import { useFileViews } from './useFileViews';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('useFileViews', () => {
  it('fetches the files in the order asked, 100 ids per call, leaving out those not returned', async () => {
    const server = fakeServer({
      'GET /api/v1/files': ({ query }) =>
        query
          .get('ids')!
          .split(',')
          .map(Number)
          .filter((id) => id !== 3)
          .map((id) => fileView({ id })),
    });
    const ids = [5, 3, ...Array.from({ length: 100 }, (_, i) => 100 + i), 1];
    const { result } = renderHook(() => useFileViews(ids), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data!.map((file) => file.id)).toEqual(ids.filter((id) => id !== 3));
    expect(server.find('GET', '/api/v1/files').map((r) => r.query.get('ids')!.split(',').length)).toEqual([100, 3]);
  });

  it('asks nothing for no ids', () => {
    const server = fakeServer({});
    renderHook(() => useFileViews([]), { wrapper });
    expect(server.requests).toHaveLength(0);
  });
});
