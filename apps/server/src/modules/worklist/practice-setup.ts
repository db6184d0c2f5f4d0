import { practicesApi, type Role, type worklistApi } from '@referwell/contracts';
import { authorizePractice, hasColleagues, type AppContext, type SessionCaller } from '../../core/index.js';
import { matchableAt } from '../catalogues/index.js';
import { hasIntakeForm } from '../intake/index.js';
import { hasInvitedColleagues } from '../invites/index.js';
import { inAnyNetwork } from '../networks/index.js';
import { loadPractice } from '../practices/index.js';

type Check = [worklistApi.SetupStepName, () => boolean | Promise<boolean>];

/**
 * The caller's first steps in a practice and whether each is done, read from the modules that own
 * the facts. Admins get the practice's steps (those of areas its gates have on); a provider gets
 * their own matching profile, since specialty referrals reach providers, not practices.
 */
export async function practiceSetupOf(
  ctx: AppContext,
  caller: SessionCaller,
  practiceId: number,
): Promise<worklistApi.PracticeSetup> {
  const { db } = ctx;
  const held: readonly Role[] = await authorizePractice(db, caller, practiceId, 'practice.view');
  const practice = await loadPractice(db, practiceId);
  const gates = practicesApi.effectiveGates(practice.gates);
  const admin = held.includes('ADMIN');
  const userId = caller.user.id;

  const checks: Check[] = [];
  if (admin) {
    checks.push(
      ['OPENING_HOURS', () => practice.openingHours.some((day) => day.open)],
      ['NPI', () => practice.npiIdentifier !== null],
      ['ABOUT', () => Boolean(practice.about?.trim())],
    );
  }
  if (held.includes('PROVIDER')) checks.push(['MATCHING', () => matchableAt(db, userId, practiceId)]);
  if (admin && gates.networks) checks.push(['NETWORKS', () => inAnyNetwork(db, practiceId)]);
  if (admin) {
    checks.push([
      'TEAM',
      async () => (await hasColleagues(db, practiceId, userId)) || hasInvitedColleagues(db, practiceId),
    ]);
  }
  if (admin && gates.forms) checks.push(['INTAKE_FORM', () => hasIntakeForm(db, practiceId)]);

  const steps = await Promise.all(checks.map(async ([step, done]) => ({ step, done: await done() })));
  return { steps, timezone: practice.timezone };
}
