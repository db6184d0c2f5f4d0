import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries as spec 1 §9 prescribes; a second layer would multiply it.
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
