import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysApi, customPropertiesApi, practicesApi, type BodyOf } from '@referwell/contracts';
import { call } from '../../lib/api';

export const practiceSettingsKeys = {
  all: (practiceId: number) => ['practiceSettings', practiceId] as const,
  practice: (practiceId: number) => ['practiceSettings', practiceId, 'practice'] as const,
  tags: (practiceId: number) => ['practiceSettings', practiceId, 'tags'] as const,
  customProperties: (practiceId: number) => ['practiceSettings', practiceId, 'customProperties'] as const,
  apiKeys: (practiceId: number) => ['practiceSettings', practiceId, 'apiKeys'] as const,
};

export function practiceQuery(practiceId: number) {
  return queryOptions({
    queryKey: practiceSettingsKeys.practice(practiceId),
    queryFn: ({ signal }) => call(practicesApi.getPractice, { params: { id: practiceId }, signal }),
  });
}

export function tagsQuery(practiceId: number) {
  return queryOptions({
    queryKey: practiceSettingsKeys.tags(practiceId),
    queryFn: ({ signal }) => call(practicesApi.listTags, { params: { id: practiceId }, signal }),
  });
}

export function customPropertiesQuery(practiceId: number) {
  return queryOptions({
    queryKey: practiceSettingsKeys.customProperties(practiceId),
    queryFn: ({ signal }) => call(customPropertiesApi.listDefinitions, { params: { id: practiceId }, signal }),
  });
}

export function apiKeysQuery(practiceId: number) {
  return queryOptions({
    queryKey: practiceSettingsKeys.apiKeys(practiceId),
    queryFn: ({ signal }) => call(apiKeysApi.listApiKeys, { params: { id: practiceId }, signal }),
  });
}

export type PracticeUpdate = BodyOf<typeof practicesApi.updatePractice>;

/**
 * Saves part of the practice. The header and practice switcher show the practice's summary
 * (name, address, logo, colours), so the current user is reloaded too.
 */
export function useUpdatePractice(practiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PracticeUpdate) => call(practicesApi.updatePractice, { params: { id: practiceId }, body }),
    onSuccess: async (practice) => {
      queryClient.setQueryData(practiceSettingsKeys.practice(practiceId), practice);
      await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
    },
  });
}
