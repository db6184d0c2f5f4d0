import { useState } from 'react';

/**
 * Pages a list the server returns whole (tags, custom properties, keys, departments) for
 * ListPagination. Zero-based like the API's pages.
 */
export function usePaged<T>(items: readonly T[], pageSize = 20) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  // A deletion may leave the last page empty; show the one before it.
  const current = Math.min(page, pages - 1);
  return {
    items: items.slice(current * pageSize, (current + 1) * pageSize),
    pagination: { page: current, pageSize, count: items.length, onChange: setPage },
  };
}
