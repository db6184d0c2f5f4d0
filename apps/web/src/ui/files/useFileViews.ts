import { useQuery } from '@tanstack/react-query';
import type { FileView } from '@referwell/contracts';
import { fetchFiles } from './fileCalls';

/** The files API answers at most 100 ids per call. */
const IDS_PER_CALL = 100;

export const fileViewsKey = (ids: readonly number[]) => ['files', [...ids].sort((a, b) => a - b).join(',')] as const;

/**
 * The files behind a list of ids (a message's or a referral's attachments), in the order given.
 * Files the caller may not see are left out by the server.
 */
export function useFileViews(ids: readonly number[]) {
  return useQuery({
    queryKey: fileViewsKey(ids),
    enabled: ids.length > 0,
    queryFn: async (): Promise<FileView[]> => {
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_CALL) chunks.push(ids.slice(i, i + IDS_PER_CALL));
      const found = new Map((await Promise.all(chunks.map(fetchFiles))).flat().map((file) => [file.id, file]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  });
}
