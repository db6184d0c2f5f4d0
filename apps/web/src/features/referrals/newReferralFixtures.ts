import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { referralsApi } from '@referwell/contracts';
import { reply } from '../../test/fakeServer';
import { lakeside } from '../../test/fixtures';
import type { renderApp } from '../../test/renderApp';
import { detail, jane, lee, patient, referralServer } from '../../test/referralFixtures';

/** The fake server and the steps the new referral form's tests share (NewReferralPage, ReferAgain). */

/** Where the form sends a new referral. */
export const CREATE = '/api/v1/referrals';
const aetna = { id: 77, name: 'Aetna', payerId: '60054', searchable: true };

/** One network tier with Lakeside Health, which matches on Cardiology and Aetna. */
export const match: referralsApi.MatchCheckResult = {
  radiusMiles: 25,
  tiers: [
    {
      tier: 0,
      kind: 'NETWORK',
      timeLimitMinutes: 60,
      candidates: [
        {
          practice: lakeside.practice,
          providers: [lee],
          distanceMiles: 4.24,
          network: { id: 21, name: 'North County' },
          reasons: ['Lee Harbor practises Cardiology', 'Accepts Aetna'],
        },
      ],
    },
  ],
};

/**
 * The referral server with what the new referral form asks for: patients (Jane Doe, Janet Smith
 * with Aetna), practices, the Cardiology speciality, Aetna, the match preview, and sending.
 */
export function createServer(routes: Parameters<typeof referralServer>[0] = {}) {
  return referralServer({
    'GET /api/v1/patients': ({ query }) => {
      const found = [jane, patient(42, 'Janet', 'Smith', { insurance: 77, insuranceName: 'Aetna' })].filter((p) =>
        `${p.firstName} ${p.lastName}`.toLowerCase().includes(query.get('query')!.toLowerCase()),
      );
      return { data: found, count: found.length };
    },
    'GET /api/v1/practices': () => ({
      data: [{ ...lakeside.practice, id: 1, name: 'Riverside Family Clinic' }, lakeside.practice],
      count: 2,
    }),
    'GET /api/v1/specialities': () => ({
      data: [
        {
          id: 3,
          name: 'Cardiology',
          taxonomyCode: '207RC0000X',
          branch: 'Physicians',
          classification: 'Internal Medicine',
          specialization: 'Cardiovascular Disease',
          colloquial: ['cardiologist'],
        },
      ],
      count: 1,
    }),
    'GET /api/v1/insurance': () => ({ data: [aetna], count: 1 }),
    'GET /api/v1/referrals/matchCheck': () => match,
    'POST /api/v1/referrals': ({ body }: { body: { targetPracticeId?: number } }) =>
      reply(201, detail(90, { type: body.targetPracticeId ? 'BASIC' : 'SPECIALTY' })),
    'GET /api/v1/referral/:id': () => detail(90),
    'PUT /api/v1/referrals/:id/view': () => ({ ok: true }),
    'GET /api/v1/referral/:id/comments': () => [],
    'GET /api/v1/notes': () => [],
    ...routes,
  });
}

type User = ReturnType<typeof renderApp>['user'];

/** Types into a search field and picks the option it offers. */
export async function choose(
  user: User,
  field: string,
  text: string,
  option: RegExp,
  container: HTMLElement = document.body,
) {
  await user.type(within(container).getByRole('combobox', { name: field }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks Jane Doe as the patient. */
export async function pickJane(user: User) {
  await choose(user, 'Find a patient', 'ja', /Jane Doe/);
  expect(await screen.findByRole('button', { name: 'Change patient' })).toBeInTheDocument();
}
