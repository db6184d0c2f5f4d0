import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  authorizePractice,
  canInPractice,
  lockPractice,
  practiceMembers,
  practices,
  rolesIn,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import { assertSelf } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import { networkPractices, networkProviders, networks } from './networks.table.js';
import { assertMayView, details, loadNetwork, summaries, type NetworkRow } from './network-views.js';

/** The practice's networks in their tier order. */
function ownNetworks(db: Db, practiceId: number) {
  return db
    .select()
    .from(networks)
    .where(eq(networks.practiceId, practiceId))
    .orderBy(asc(networks.order), asc(networks.id));
}

/** Writes orders 0..n-1 in the sequence given, touching only rows whose place changed. */
async function renumber(tx: Db, rows: NetworkRow[]) {
  for (const [index, row] of rows.entries()) {
    if (row.order !== index) await tx.update(networks).set({ order: index }).where(eq(networks.id, row.id));
  }
}

/** Names are unique among a practice's networks, whatever their case; call with the practice locked. */
async function assertNameFree(tx: Db, practiceId: number, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: networks.id })
    .from(networks)
    .where(
      and(
        eq(networks.practiceId, practiceId),
        sql`lower(${networks.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(networks.id, exceptId) : undefined,
      ),
    );
  if (clash) throw new AppError('ERROR_OBJECT_EXISTS', 'The practice already has a network with this name');
}

export function createNetworksService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function record(
    caller: SessionCaller,
    action: `network.${string}`,
    network: NetworkRow,
    details: Record<string, unknown> = {},
  ) {
    await audit.record({
      action,
      actorUserId: caller.user.id,
      targetType: 'network',
      targetId: network.id,
      practiceId: network.practiceId,
      details: { practiceId: network.practiceId, ...details },
    });
  }

  /** Loads the network and checks the caller may manage the practice that owns it. */
  async function managed(caller: SessionCaller, id: number) {
    const network = await loadNetwork(db, id);
    await authorizePractice(db, caller, network.practiceId, 'networks.manage');
    return network;
  }

  const detailOf = async (network: NetworkRow) => (await details(db, [network]))[0];

  return {
    async create(caller: SessionCaller, input: { name: string; practiceId: number; matchingTimeLimit: number }) {
      await authorizePractice(db, caller, input.practiceId, 'networks.manage');
      const network = await db.transaction(async (tx) => {
        await lockPractice(tx, input.practiceId);
        await assertNameFree(tx, input.practiceId, input.name);
        const [existing] = await tx
          .select({ n: count() })
          .from(networks)
          .where(eq(networks.practiceId, input.practiceId));
        const [row] = await tx
          .insert(networks)
          .values({ ...input, order: existing?.n ?? 0 })
          .returning();
        return row;
      });
      await record(caller, 'network.created', network, {
        name: network.name,
        matchingTimeLimit: network.matchingTimeLimit,
      });
      return detailOf(network);
    },

    async update(caller: SessionCaller, id: number, change: { name?: string; matchingTimeLimit?: number }) {
      const current = await managed(caller, id);
      if (!Object.keys(change).length) return detailOf(current);
      const network = await db.transaction(async (tx) => {
        await lockPractice(tx, current.practiceId);
        if (change.name !== undefined) await assertNameFree(tx, current.practiceId, change.name, id);
        const [row] = await tx
          .update(networks)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(networks.id, id))
          .returning();
        return row;
      });
      if (!network) throw new AppError('OBJECT_NOT_FOUND', 'Network not found');
      await record(caller, 'network.updated', network, change);
      return detailOf(network);
    },

    /** Moves the network to `order` (past the end: last) and closes up the others, all at once. */
    async reorder(caller: SessionCaller, id: number, order: number) {
      const current = await managed(caller, id);
      const { from, to, rows } = await db.transaction(async (tx) => {
        await lockPractice(tx, current.practiceId);
        const all = await ownNetworks(tx, current.practiceId);
        const from = all.findIndex((n) => n.id === id);
        if (from < 0) throw new AppError('OBJECT_NOT_FOUND', 'Network not found');
        const [moved] = all.splice(from, 1);
        const to = Math.min(order, all.length);
        all.splice(to, 0, moved);
        await renumber(tx, all);
        return { from, to, rows: all.map((n, index) => ({ ...n, order: index })) };
      });
      if (from !== to) await record(caller, 'network.reordered', current, { from, to });
      return summaries(db, rows);
    },

    async addPractice(caller: SessionCaller, id: number, practiceId: number) {
      const network = await managed(caller, id);
      if (practiceId === network.practiceId)
        throw new AppError('BAD_REQUEST', 'A network always includes the practice that owns it');
      const [practice] = await db.select({ id: practices.id }).from(practices).where(eq(practices.id, practiceId));
      if (!practice) throw new AppError('OBJECT_NOT_FOUND', 'Practice not found');
      const added = await db
        .insert(networkPractices)
        .values({ networkId: id, practiceId })
        .onConflictDoNothing()
        .returning();
      if (added.length) await record(caller, 'network.practice_added', network, { memberPracticeId: practiceId });
      return detailOf(network);
    },

    /**
     * The owner's admins take a practice out; a member practice's own admins may also leave. The
     * providers reached through that practice leave with it.
     */
    async removePractice(caller: SessionCaller, id: number, practiceId: number) {
      const network = await loadNetwork(db, id);
      if (!(await canInPractice(db, caller, network.practiceId, 'networks.manage'))) {
        await authorizePractice(db, caller, practiceId, 'networks.manage');
      }
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(networkPractices)
          .where(and(eq(networkPractices.networkId, id), eq(networkPractices.practiceId, practiceId)))
          .returning();
        if (!removed.length) throw new AppError('OBJECT_NOT_FOUND', 'The practice is not in this network');
        await tx
          .delete(networkProviders)
          .where(and(eq(networkProviders.networkId, id), eq(networkProviders.practiceId, practiceId)));
      });
      await record(caller, 'network.practice_removed', network, { memberPracticeId: practiceId });
      return detailOf(network);
    },

    async addProvider(caller: SessionCaller, id: number, userId: number, practiceId: number) {
      const network = await managed(caller, id);
      const added = await db.transaction(async (tx) => {
        // Locked so a PROVIDER role taken away meanwhile cannot leave a stale entry behind.
        await lockPractice(tx, practiceId);
        if (!(await rolesIn(tx, userId, practiceId)).includes('PROVIDER')) {
          throw new AppError('BAD_REQUEST', 'The person must hold the PROVIDER role in that practice');
        }
        const rows = await tx
          .insert(networkProviders)
          .values({ networkId: id, userId, practiceId })
          .onConflictDoUpdate({ target: [networkProviders.networkId, networkProviders.userId], set: { practiceId } })
          .returning();
        return rows.length > 0;
      });
      if (added) await record(caller, 'network.provider_added', network, { userId, providerPracticeId: practiceId });
      return detailOf(network);
    },

    async removeProvider(caller: SessionCaller, id: number, userId: number) {
      const network = await managed(caller, id);
      const removed = await db
        .delete(networkProviders)
        .where(and(eq(networkProviders.networkId, id), eq(networkProviders.userId, userId)))
        .returning();
      if (!removed.length) throw new AppError('OBJECT_NOT_FOUND', 'This provider is not in the network');
      await record(caller, 'network.provider_removed', network, { userId });
      return detailOf(network);
    },

    async remove(caller: SessionCaller, id: number) {
      const network = await managed(caller, id);
      await db.transaction(async (tx) => {
        await lockPractice(tx, network.practiceId);
        await tx.delete(networks).where(eq(networks.id, id));
        await renumber(tx, await ownNetworks(tx, network.practiceId));
      });
      await record(caller, 'network.deleted', network, { name: network.name });
      return { ok: true as const };
    },

    async get(caller: SessionCaller, id: number) {
      const network = await loadNetwork(db, id);
      await assertMayView(db, caller, network);
      return detailOf(network);
    },

    /** Its own tiers in order, then the networks of other practices that list it (by owner, then order). */
    async ofPractice(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      const [own, memberOf] = await Promise.all([
        ownNetworks(db, practiceId),
        db
          .select({ network: networks })
          .from(networkPractices)
          .innerJoin(networks, eq(networks.id, networkPractices.networkId))
          .innerJoin(practices, eq(practices.id, networks.practiceId))
          .where(eq(networkPractices.practiceId, practiceId))
          .orderBy(asc(practices.name), asc(networks.practiceId), asc(networks.order), asc(networks.id)),
      ]);
      const all = await details(db, [...own, ...memberOf.map((r) => r.network)]);
      return all.map((n, index) => ({ ...n, owned: index < own.length }));
    },

    /** Networks of the user's practices, those their practices are members of, and those listing them. */
    async ofUser(caller: SessionCaller, userId: number) {
      assertSelf(caller, userId);
      const mine = db
        .select({ id: practiceMembers.practiceId })
        .from(practiceMembers)
        .where(eq(practiceMembers.userId, userId));
      const rows = await db
        .select({ network: networks })
        .from(networks)
        .innerJoin(practices, eq(practices.id, networks.practiceId))
        .where(
          or(
            inArray(networks.practiceId, mine),
            inArray(
              networks.id,
              db
                .select({ id: networkPractices.networkId })
                .from(networkPractices)
                .where(inArray(networkPractices.practiceId, mine)),
            ),
            inArray(
              networks.id,
              db
                .select({ id: networkProviders.networkId })
                .from(networkProviders)
                .where(eq(networkProviders.userId, userId)),
            ),
          ),
        )
        .orderBy(asc(practices.name), asc(networks.practiceId), asc(networks.order), asc(networks.id));
      return summaries(
        db,
        rows.map((r) => r.network),
      );
    },
  };
}
export type NetworksService = ReturnType<typeof createNetworksService>;
