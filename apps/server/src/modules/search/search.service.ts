import { and, asc, desc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import { searchApi } from '@referwell/contracts';
import {
  authorizePractice,
  canInPractice,
  fullName,
  practiceIdsOf,
  practiceMembers,
  practices,
  users,
  type AppContext,
  type Caller,
} from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { dobFromStorage, searchPatients } from '../patients/index.js';
import { specialityNamesOfUsers } from '../catalogues/index.js';
import { textMatch } from './text-match.js';

type SearchType = searchApi.SearchType;
type SearchResult = searchApi.SearchResult;

export interface SearchInput {
  query: string;
  types: SearchType[];
  practiceId?: number;
  strict: boolean;
}

const LIMIT = searchApi.SEARCH_RESULTS_PER_TYPE;

/** The expression users_name_trgm_idx is built on; written the same way so the planner can use it. */
const userName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/**
 * Global search (spec 2 §7). What each type shows:
 * - USER: colleagues — members of the practices the caller belongs to (of `practiceId` only, when given);
 * - PRACTICE: active practices, which every practice may refer to;
 * - PROVIDER: providers holding the PROVIDER role in an active practice, discoverable for referrals;
 * - PATIENT: patients of the practices where the caller may see patients (of `practiceId` only),
 *   with their date of birth and practice; audited like every read of patients.
 */
export function createSearchService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function practiceNames(ids: number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await db
      .select({ id: practices.id, name: practices.name })
      .from(practices)
      .where(inArray(practices.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function colleagues(caller: Caller, input: SearchInput): Promise<SearchResult[]> {
    const scope = input.practiceId !== undefined ? [input.practiceId] : await practiceIdsOf(db, caller.user.id);
    if (!scope.length) return [];
    const match = textMatch(userName, input.query, input.strict);
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        title: users.title,
        practiceId: min(practiceMembers.practiceId),
      })
      .from(users)
      .innerJoin(practiceMembers, eq(practiceMembers.userId, users.id))
      .where(and(inArray(practiceMembers.practiceId, scope), match.where))
      .groupBy(users.id)
      .orderBy(desc(match.rank), asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(LIMIT);
    const names = await practiceNames(rows.map((r) => r.practiceId!));
    return rows.map((r) => ({
      type: 'USER',
      id: r.id,
      title: fullName(r),
      subtitle: joined(r.title, names.get(r.practiceId!)),
      practiceId: r.practiceId,
    }));
  }

  async function providers(input: SearchInput): Promise<SearchResult[]> {
    const match = textMatch(userName, input.query, input.strict);
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        title: users.title,
        practiceId: min(practices.id),
      })
      .from(users)
      .innerJoin(practiceMembers, and(eq(practiceMembers.userId, users.id), eq(practiceMembers.role, 'PROVIDER')))
      .innerJoin(practices, and(eq(practices.id, practiceMembers.practiceId), eq(practices.active, true)))
      .where(and(eq(users.kind, 'PROVIDER'), isNull(users.lockedAt), match.where))
      .groupBy(users.id)
      .orderBy(desc(match.rank), asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(LIMIT);
    if (!rows.length) return [];
    const [names, held] = await Promise.all([
      practiceNames(rows.map((r) => r.practiceId!)),
      specialityNamesOfUsers(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => ({
      type: 'PROVIDER',
      id: r.id,
      title: fullName(r),
      subtitle: joined(held.find((s) => s.userId === r.id)?.name, names.get(r.practiceId!)),
      practiceId: r.practiceId,
    }));
  }

  async function practicesMatching(input: SearchInput): Promise<SearchResult[]> {
    const match = textMatch(practices.name, input.query, input.strict);
    const rows = await db
      .select({ id: practices.id, name: practices.name, address: practices.address })
      .from(practices)
      .where(and(eq(practices.active, true), match.where))
      .orderBy(desc(match.rank), asc(practices.name), asc(practices.id))
      .limit(LIMIT);
    return rows.map((r) => ({ type: 'PRACTICE', id: r.id, title: r.name, subtitle: r.address, practiceId: r.id }));
  }

  async function patientsMatching(caller: Caller, input: SearchInput, client: ClientInfo): Promise<SearchResult[]> {
    const mine = input.practiceId !== undefined ? [input.practiceId] : await practiceIdsOf(db, caller.user.id);
    const allowed = await Promise.all(mine.map((id) => canInPractice(db, caller, id, 'patients.view')));
    const scope = mine.filter((_, i) => allowed[i]);
    if (!scope.length) return [];
    const rows = await searchPatients(db, scope, input.query, input.strict, LIMIT);
    await audit.record({
      action: 'patient.searched',
      actorUserId: caller.user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      practiceId: scope.length === 1 ? scope[0] : null,
      patientId: rows.length === 1 ? rows[0].id : null,
      details: { query: input.query, practiceIds: scope, count: rows.length, patientIds: rows.map((r) => r.id) },
    });
    const names = await practiceNames([...new Set(rows.map((r) => r.practiceId))]);
    return rows.map((r) => {
      const dob = dobFromStorage(r.dateOfBirth);
      return {
        type: 'PATIENT',
        id: r.id,
        title: fullName(r),
        subtitle: joined(dob && `DOB ${dob}`, names.get(r.practiceId)),
        practiceId: r.practiceId,
      };
    });
  }

  return {
    async search(caller: Caller, input: SearchInput, client: ClientInfo): Promise<{ results: SearchResult[] }> {
      if (input.practiceId !== undefined) await authorizePractice(db, caller, input.practiceId, 'team.view');
      const byType: Record<SearchType, () => Promise<SearchResult[]>> = {
        USER: () => colleagues(caller, input),
        PRACTICE: () => practicesMatching(input),
        PATIENT: () => patientsMatching(caller, input, client),
        PROVIDER: () => providers(input),
      };
      const groups = await Promise.all(input.types.map((type) => byType[type]()));
      return { results: groups.flat() };
    },
  };
}
