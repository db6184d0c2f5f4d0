import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { networkPractices, networkProviders, networks } from './networks.table.js';
import type { NetworkRow } from './network-views.js';

/** The network, or null. */
export async function networkById(db: Db, id: number): Promise<NetworkRow | null> {
  const [row] = await db.select().from(networks).where(eq(networks.id, id)).limit(1);
  return row ?? null;
}

/** The practice owning the network and, when the practice is a member of it, its id; none when there is no such network. */
export async function networkStanding(
  db: Db,
  networkId: number,
  practiceId: number,
): Promise<{ ownerId: number; memberId: number | null } | undefined> {
  const [network] = await db
    .select({ ownerId: networks.practiceId, memberId: networkPractices.practiceId })
    .from(networks)
    .leftJoin(
      networkPractices,
      and(eq(networkPractices.networkId, networks.id), eq(networkPractices.practiceId, practiceId)),
    )
    .where(eq(networks.id, networkId))
    .limit(1);
  return network;
}

/** A condition: `practiceId` names a member practice of the network or the practice owning it. */
export function inNetworkOrOwner(db: Db, practiceId: AnyPgColumn, networkId: number): SQL {
  const inNetwork = db
    .select({ id: networkPractices.practiceId })
    .from(networkPractices)
    .where(eq(networkPractices.networkId, networkId));
  const owner = db.select({ id: networks.practiceId }).from(networks).where(eq(networks.id, networkId));
  return or(inArray(practiceId, inNetwork), inArray(practiceId, owner))!;
}

/** Adds the practice to the network; false when it was in already. Call inside the caller's transaction. */
export async function addNetworkPractice(tx: Db, networkId: number, practiceId: number): Promise<boolean> {
  const added = await tx
    .insert(networkPractices)
    .values({ networkId, practiceId })
    .onConflictDoNothing()
    .returning({ id: networkPractices.practiceId });
  return added.length > 0;
}

/** A provider no longer reached through the practice leaves the networks that listed them for it. */
export async function forgetNetworkProvider(tx: Db, practiceId: number, userId: number) {
  await tx
    .delete(networkProviders)
    .where(and(eq(networkProviders.userId, userId), eq(networkProviders.practiceId, practiceId)));
}

/** One network as referral routing reads it: a tier, its member practices and its individually listed providers. */
export interface NetworkTier {
  id: number;
  name: string;
  matchingTimeLimit: number;
  practiceIds: number[];
  listed: { userId: number; practiceId: number }[];
}

/**
 * The practice's networks in tier order, as one JSON column of a select (routing plans a referral
 * in one round trip), each with its member practices and its listed providers with the practice
 * each is reached through. Aliased by hand: Drizzle leaves columns unqualified in a one-table
 * select, which would let names inside these subqueries bind to the wrong table.
 */
export const networkTiersOf = (practiceId: Placeholder) =>
  sql<NetworkTier[]>`coalesce((select json_agg(json_build_object(
          'id', n.id, 'name', n.name, 'matchingTimeLimit', n.matching_time_limit,
          'practiceIds', array(select np.practice_id from ${networkPractices} np where np.network_id = n.id),
          'listed', (select coalesce(json_agg(json_build_object('userId', nv.user_id, 'practiceId', nv.practice_id)), '[]'::json)
            from ${networkProviders} nv where nv.network_id = n.id)
        ) order by n."order", n.id) from ${networks} n where n.practice_id = ${practiceId}), '[]'::json)`;

/** Whether the practice has a network of its own or belongs to another's. */
export async function inAnyNetwork(db: Db, practiceId: number): Promise<boolean> {
  const [owned, joined] = await Promise.all([
    db.select({ id: networks.id }).from(networks).where(eq(networks.practiceId, practiceId)).limit(1),
    db
      .select({ id: networkPractices.networkId })
      .from(networkPractices)
      .where(eq(networkPractices.practiceId, practiceId))
      .limit(1),
  ]);
  return owned.length > 0 || joined.length > 0;
}
