import type { Db } from './client.js';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle. Hot-path queries (the session
 * lookup every authenticated request makes) skip query building and planning this way.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, build(db));
  return byName.get(name) as T;
}
