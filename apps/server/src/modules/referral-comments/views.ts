import { inArray } from 'drizzle-orm';
import type { FileView } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { fileViewOf } from '../files/files.service.js';
import { files } from '../files/files.table.js';

/** The first appearance of each id, in order (a list naming someone twice names them once). */
export const distinct = <T>(ids: readonly T[]) => [...new Set(ids)];

/** The views of the files behind the given id lists, by id (one query for a whole list of comments). */
export async function fileViewsById(ctx: AppContext, idLists: readonly (readonly number[])[]): Promise<Map<number, FileView>> {
  const ids = distinct(idLists.flat());
  const rows = ids.length ? await ctx.db.select().from(files).where(inArray(files.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, fileViewOf(ctx, r)]));
}

/** The entries of `ids` found in `byId`, in order. */
export const pick = <T>(ids: readonly number[], byId: Map<number, T>): T[] => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
