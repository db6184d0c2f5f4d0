/** The first appearance of each id, in order (a list naming someone twice names them once). */
export const distinct = <T>(ids: readonly T[]) => [...new Set(ids)];

/** The entries of `ids` found in `byId`, in order. */
export const pick = <T>(ids: readonly number[], byId: Map<number, T>): T[] =>
  ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
