import {
  practicesApi,
  type CurrentUserResponse,
  type PracticeMembership,
  type User,
  type worklistApi,
} from '@referwell/contracts';

export const FLOW_UUID = '0b8e4c1a-2f3d-4a5b-8c6d-7e8f9a0b1c2d';

export const riverside: PracticeMembership = {
  practice: {
    id: 1,
    uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Riverside Family Clinic',
    logoUrl: null,
    type: 'PRACTICE',
    address: '1 River Road, Springfield',
    colorScheme: null,
    phoneNumber: '+12025550100',
    alternativeScheduleLink: null,
  },
  roles: ['PROVIDER'],
};

export const lakeside: PracticeMembership = {
  practice: { ...riverside.practice, id: 2, uuid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'Lakeside Health' },
  roles: ['ADMIN', 'PROVIDER'],
};

export const provider: User = {
  id: 7,
  uuid: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  kind: 'PROVIDER',
  email: 'provider@riverside.test',
  phone: '+12025550102',
  firstName: 'Pat',
  lastName: 'Rivers',
  title: 'Dr.',
  photoUrl: null,
  isPlatformAdmin: false,
  emailVerified: true,
  phoneVerified: true,
  practiceId: 1,
  createdAt: 1_700_000_000_000,
};

export function currentUserResponse(overrides: Partial<CurrentUserResponse> = {}): CurrentUserResponse {
  return {
    user: provider,
    currentPractice: riverside,
    session: {
      uuid: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      idleTimeoutMs: 30 * 60_000,
      expiresAt: Date.now() + 3_600_000,
    },
    ...overrides,
  };
}

export function errorBody(statusCode: number, code: string, message: string) {
  return { statusCode, code, message };
}

/** A worklist with nothing waiting, so that tests starting on the home page see a quiet one. */
export function emptyWorklist(): worklistApi.Worklist {
  return {
    waitingReferrals: { count: 0, items: [] },
    sentReferralNews: { count: 0, items: [] },
    unreadChats: { count: 0, items: [] },
    newSubmissions: { count: 0, items: [] },
  };
}

/** Routes every signed-in screen needs: who is signed in, their practices, signing out, and the home page's worklist (with no first steps left). */
export function signedInRoutes(current: () => CurrentUserResponse = () => currentUserResponse()) {
  return {
    'GET /api/v1/user/current': () => current(),
    'GET /api/v1/user/current/practices': () => [riverside, lakeside],
    'GET /api/v1/practice/:id/gates': () => practicesApi.DEFAULT_GATES,
    'PUT /api/v1/auth/logout': () => ({ ok: true }),
    'GET /api/v1/practice/:id/worklist': () => emptyWorklist(),
    'GET /api/v1/practice/:id/setup': (): worklistApi.PracticeSetup => ({ steps: [], timezone: 'America/Chicago' }),
  };
}
