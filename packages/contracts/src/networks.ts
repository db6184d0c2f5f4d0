import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, OkResponse, plainName } from './common.js';
import { PracticeSummary } from './users.js';
import { PersonSummary } from './directory.js';

/** Network calls (spec 1 §7 Networks). */

const tags = ['Networks'];

/** A referral waits at most a week in one tier. */
export const MATCHING_TIME_LIMIT_MAX = 10_080;

export const Network = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  /** The practice that owns and orders it. */
  practiceId: z.number().int(),
  name: z.string(),
  /** Minutes a referral is offered to this tier before moving on. */
  matchingTimeLimit: z.number().int(),
  /** Its place (0 first) among the owning practice's networks. */
  order: z.number().int(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Network = z.infer<typeof Network>;

/** A network with the practice that owns it. */
export const NetworkSummary = Network.extend({ practice: PracticeSummary });
export type NetworkSummary = z.infer<typeof NetworkSummary>;

/** An individual provider in a network, reached through one of their practices. */
export const NetworkProvider = z.object({ user: PersonSummary, practice: PracticeSummary });

export const NetworkDetail = NetworkSummary.extend({
  practices: z.array(PracticeSummary),
  providers: z.array(NetworkProvider),
});
export type NetworkDetail = z.infer<typeof NetworkDetail>;

/** In a practice's list: `owned` networks are its own tiers, in order; the others list it as a member. */
export const PracticeNetwork = NetworkDetail.extend({ owned: z.boolean() });
export type PracticeNetwork = z.infer<typeof PracticeNetwork>;

const Name = plainName(
  z.string('Name is required').trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  'Name',
);
const MatchingTimeLimit = z
  .number('matchingTimeLimit is required (minutes)')
  .int('matchingTimeLimit must be a whole number of minutes')
  .min(1, `matchingTimeLimit must be between 1 and ${MATCHING_TIME_LIMIT_MAX} minutes`)
  .max(MATCHING_TIME_LIMIT_MAX, `matchingTimeLimit must be between 1 and ${MATCHING_TIME_LIMIT_MAX} minutes`);

export const createNetwork = endpoint({
  method: 'POST',
  path: '/api/v1/networks',
  summary: 'Create a network of the practice, as its last tier',
  tags,
  auth: 'user',
  status: 201,
  body: z.object({ name: Name, practiceId: Id, matchingTimeLimit: MatchingTimeLimit }),
  response: NetworkDetail,
});

export const updateNetwork = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id',
  summary: 'Rename a network or change its matching time limit; fields left out stay',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ name: Name, matchingTimeLimit: MatchingTimeLimit }).partial().strict(),
  response: NetworkDetail,
});

export const orderNetwork = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id/order',
  summary: "Move a network to another place among its practice's networks; answers them all in the new order",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({
    order: z.number('order is required').int('order must be a whole number').min(0, 'order starts at 0'),
  }),
  response: z.array(NetworkSummary),
});

const PracticeBody = z.object({ practiceId: Id });

export const addNetworkPractice = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id/addPractice',
  summary: 'Add a practice to the network',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: NetworkDetail,
});

export const removeNetworkPractice = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id/removePractice',
  summary: 'Take a practice (and the providers reached through it) out of the network; its own admins may leave',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: NetworkDetail,
});

export const addNetworkProvider = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id/addProvider',
  summary: 'Add a provider, reached through a practice where they hold the PROVIDER role',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ userId: Id, practiceId: Id }),
  response: NetworkDetail,
});

export const removeNetworkProvider = endpoint({
  method: 'PUT',
  path: '/api/v1/network/:id/removeProvider',
  summary: 'Take a provider out of the network',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ userId: Id }),
  response: NetworkDetail,
});

export const deleteNetwork = endpoint({
  method: 'DELETE',
  path: '/api/v1/network/:id',
  summary: "Delete a network; the practice's other networks close up",
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

export const getNetwork = endpoint({
  method: 'GET',
  path: '/api/v1/network/:id',
  summary: 'A network with its practices and providers',
  tags,
  auth: 'user',
  params: IdParams,
  response: NetworkDetail,
});

export const practiceNetworks = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/networks',
  summary: "The practice's own networks in order, then the networks it is a member of",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: z.array(PracticeNetwork),
});

export const userNetworks = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/networks',
  summary:
    "Networks of the user's practices, those their practices are members of, and those listing them as a provider",
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(NetworkSummary),
});
