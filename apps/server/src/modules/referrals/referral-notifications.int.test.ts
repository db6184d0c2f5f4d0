import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { addMember, createUser } from '../../test/factories.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { practiceWithTeam } from '../practices/practices.test-factories.js';
import { practices } from '../../core/index.js';
import { insertReferral } from './referrals.test-factories.js';
import { queueReferralNotice, type ReferralNotice } from './referral-notifications.js';
import { routingContext, type TestRoutingContext } from './routing/routing.test-factories.js';

let t: TestApp;
let ctx: TestRoutingContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = routingContext(t, createTestClock());
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.db.delete(jobs);
  await t.db.delete(outboxMessages);
});

const mailed = async (addresses: (string | null)[]) =>
  (
    await t.db
      .select()
      .from(outboxMessages)
      .where(
        inArray(
          outboxMessages.to,
          addresses.map((a) => a!),
        ),
      )
  )
    .map((m) => m.to)
    .sort();

/** As a service does: queued with the change, published and e-mailed once the job runs. */
const notify = (notice: ReferralNotice) => t.db.transaction((tx) => queueReferralNotice(ctx, tx, notice));

describe('referral notices', () => {
  it('publishes when the job runs and e-mails the admins and providers with verified addresses, not the actor', async () => {
    const sender = await practiceWithTeam(t.db);
    const receiver = await practiceWithTeam(t.db);
    const unverified = await createUser(t.db, { emailVerifiedAt: null });
    await addMember(t.db, sender.practice.id, unverified.id, 'PROVIDER');
    const { referral, patient } = await insertReferral(t.db, {
      senderPracticeId: sender.practice.id,
      fromUserId: sender.provider.id,
      acceptedBy: { practiceId: receiver.practice.id, userId: receiver.provider.id },
    });

    await notify({
      referralId: referral.id,
      kind: 'ACCEPTED',
      practiceIds: [sender.practice.id, receiver.practice.id],
      actorUserId: receiver.provider.id,
    });
    expect(ctx.events).not.toContainEqual(expect.objectContaining({ referralId: referral.id }));
    await ctx.jobs.drain();
    expect(ctx.events.at(-1)).toEqual({
      referralId: referral.id,
      kind: 'ACCEPTED',
      practiceIds: [sender.practice.id, receiver.practice.id],
    });

    const everyone = [sender, receiver]
      .flatMap((p) => [p.admin, p.provider, p.staff])
      .concat(unverified)
      .map((u) => u.email);
    expect(await mailed(everyone)).toEqual([sender.admin.email, sender.provider.email, receiver.admin.email].sort());
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, sender.admin.email!));
    expect(mail).toMatchObject({ subject: 'A referral was accepted' });
    expect(mail.body).toContain(
      `Referral #${referral.id} from ${sender.practice.name} was accepted by ${receiver.practice.name}.`,
    );
    expect(mail.body).toContain(`${t.config.publicUrl}/referrals/view/${referral.id}`);
    expect(mail.body).not.toContain(patient.lastName);
  });

  it("writes to the practice's liaison e-mails instead when it has any", async () => {
    const sender = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ liaisonEmails: ['Referrals@Clinic.example.test'] })
      .where(eq(practices.id, sender.practice.id));
    const { referral } = await insertReferral(t.db, {
      senderPracticeId: sender.practice.id,
      fromUserId: sender.provider.id,
    });
    await notify({ referralId: referral.id, kind: 'CANCELLED', practiceIds: [sender.practice.id] });
    await ctx.jobs.drain();
    expect(await mailed(['referrals@clinic.example.test', sender.admin.email, sender.provider.email])).toEqual([
      'referrals@clinic.example.test',
    ]);
  });

  it('sends no e-mail for changes that have no letter, and survives a bus that fails', async () => {
    const sender = await practiceWithTeam(t.db);
    const { referral } = await insertReferral(t.db, {
      senderPracticeId: sender.practice.id,
      fromUserId: sender.provider.id,
    });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back as it was; never called unbound
    const publish = ctx.bus.publish;
    ctx.bus.publish = async () => {
      throw new Error('bus down');
    };
    try {
      await notify({ referralId: referral.id, kind: 'COMMENTED', practiceIds: [sender.practice.id] });
      await notify({ referralId: referral.id, kind: 'EXPIRED', practiceIds: [sender.practice.id] });
      await ctx.jobs.drain();
    } finally {
      ctx.bus.publish = publish;
    }
    expect(ctx.log.lines.filter((l) => l.msg === 'referral change not published on the bus')).toHaveLength(2);
    await ctx.jobs.drain();
    const subjects = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, sender.admin.email!))).map(
      (m) => m.subject,
    );
    expect(subjects).toEqual(['No practice accepted the referral in time']);
  });
});
