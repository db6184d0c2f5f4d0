import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { networksApi } from '@referwell/contracts';
import { call } from '../../lib/api';

type NetworkDetail = networksApi.NetworkDetail;
type PracticeNetwork = networksApi.PracticeNetwork;

export function networksKey(practiceId: number) {
  return ['networks', 'practice', practiceId] as const;
}

/** The practice's own tiers in order, then the networks it is a member of. */
export function practiceNetworksQuery(practiceId: number) {
  return queryOptions({
    queryKey: networksKey(practiceId),
    queryFn: ({ signal }) => call(networksApi.practiceNetworks, { params: { id: practiceId }, signal }),
  });
}

/**
 * A change to one network: the answer replaces it in the practice's list at once, then the list is
 * fetched again (a removal may also change the other networks).
 */
export function useNetworkChange<V>(
  practiceId: number,
  mutationFn: (variables: V) => Promise<NetworkDetail>,
  successMessage: (network: NetworkDetail, variables: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (network, variables) => {
      queryClient.setQueryData<PracticeNetwork[]>(networksKey(practiceId), (list) =>
        list?.map((n) => (n.id === network.id ? { ...network, owned: n.owned } : n)),
      );
      notifications.show({ color: 'teal', message: successMessage(network, variables) });
      await queryClient.invalidateQueries({ queryKey: networksKey(practiceId) });
    },
  });
}

/** Takes a network out of the cached list at once, so focus can move before the list is fetched again. */
export function dropNetwork(queryClient: QueryClient, practiceId: number, networkId: number) {
  queryClient.setQueryData<PracticeNetwork[]>(networksKey(practiceId), (list) =>
    list?.filter((n) => n.id !== networkId),
  );
}
