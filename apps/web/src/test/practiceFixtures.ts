import { practicesApi, type Role } from '@referwell/contracts';
import { fakeServer } from './fakeServer';
import { currentUserResponse, riverside, signedInRoutes } from './fixtures';

/** Riverside as GET /practice/1 answers; tests change what they need. */
export function practiceFixture(overrides: Partial<practicesApi.Practice> = {}): practicesApi.Practice {
  return {
    id: 1,
    uuid: riverside.practice.uuid,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    name: 'Riverside Family Clinic',
    type: 'PRACTICE',
    identifier: null,
    address: '1 River Road, Springfield',
    building: null,
    placeId: null,
    latitude: null,
    longitude: null,
    country: 'US',
    timezone: 'America/Chicago',
    phoneNumber: '+12025550100',
    npiIdentifier: null,
    about: null,
    logoUrl: null,
    profilePhoto: null,
    colorScheme: null,
    alternativeScheduleLink: null,
    appointmentRequestRedirectLink: null,
    openingHours: [],
    welcomeMessageOpen: null,
    welcomeMessageClosed: null,
    defaultAppointmentLocation: null,
    defaultVirtualAppointmentHost: null,
    liaisonEmails: [],
    gates: practicesApi.DEFAULT_GATES,
    isIndividual: false,
    isThirdParty: false,
    tierTimeout: 60,
    maxReferralMatchRadius: 25,
    allowOuterNetworkMatching: false,
    autoArchiveEnabled: false,
    campaignShareLimit: null,
    organisationId: null,
    billingBasis: 'PRACTICE',
    billingEmail: null,
    stripeId: null,
    stripeSubscription: null,
    subscriptionStatus: null,
    locked: false,
    active: true,
    tags: [],
    ...overrides,
  };
}

/** A signed-in member of Riverside with `roles`, and the practice answering as `practice`. */
export function practiceServer(
  roles: Role[],
  routes: Parameters<typeof fakeServer>[0] = {},
  practice = practiceFixture(),
) {
  return fakeServer({
    ...signedInRoutes(() => currentUserResponse({ currentPractice: { ...riverside, roles } })),
    'GET /api/v1/practice/:id': () => practice,
    ...routes,
  });
}
