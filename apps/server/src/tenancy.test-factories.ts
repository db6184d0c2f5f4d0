import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import * as contracts from '@referwell/contracts';
import type { Db } from './db/client.js';
import type { TestApp } from './test/harness.js';
import { TestClient } from './test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser, insertApiKey } from './test/factories.js';
import { issueApiKeySecret } from './core/index.js';
import { randomToken, sha256 } from './platform/auth/crypto.js';
import * as schema from './db/schema.js';
import { insertReferral } from './modules/referrals/referrals.test-factories.js';

/**
 * The two sides of the tenancy tests: a victim practice holding one of every object a route can
 * name, and an outsider, the admin of another practice, who tries to reach them.
 */

/** The victim practice, with one of every object a route can name, and the secret of its deactivated key. */
export async function createVictim(db: Db) {
  const practice = await createPractice(db, { name: 'Victim Practice' });
  const admin = await createUser(db, { firstName: 'Victim', lastName: 'Admin' });
  const provider = await createUser(db, { firstName: 'Victim', lastName: 'Provider' });
  await addMember(db, practice.id, admin.id, 'ADMIN');
  await addMember(db, practice.id, provider.id, 'PROVIDER');
  const [organisation] = await db.insert(schema.organisations).values({ name: 'Victim Org' }).returning();
  await db
    .insert(schema.organisationMembers)
    .values({ organisationId: organisation.id, userId: admin.id, role: 'ADMIN' });
  await db
    .update(schema.practices)
    .set({ organisationId: organisation.id })
    .where(sql`id = ${practice.id}`);
  const [network] = await db
    .insert(schema.networks)
    .values({ practiceId: practice.id, name: 'Victim Network', matchingTimeLimit: 60 })
    .returning();
  const [department] = await db
    .insert(schema.departments)
    .values({ practiceId: practice.id, name: 'Victim Dept' })
    .returning();
  await db.insert(schema.departmentMembers).values({ departmentId: department.id, userId: provider.id });
  const [tag] = await db
    .insert(schema.practiceTags)
    .values({ practiceId: practice.id, name: 'Urgent', color: '#aa0000' })
    .returning();
  const [property] = await db
    .insert(schema.customPropertyDefinitions)
    .values({ practiceId: practice.id, name: 'Member no', moniker: '{{MEMBER_NO}}', type: 'TEXT' })
    .returning();
  const inviteCode = randomToken();
  const [invite] = await db
    .insert(schema.invites)
    .values({
      codeHash: sha256(inviteCode),
      type: 'PROVIDER',
      role: 'PROVIDER',
      email: 'invitee@example.test',
      practiceId: practice.id,
      invitedBy: admin.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const requester = await createUser(db, { firstName: 'Would', lastName: 'Join' });
  const [joinRequest] = await db
    .insert(schema.practiceJoinRequests)
    .values({ practiceId: practice.id, requestedBy: requester.id, message: 'Hello' })
    .returning();
  const dead = issueApiKeySecret();
  const [apiKey] = await db
    .insert(schema.apiKeys)
    .values({
      practiceId: practice.id,
      prefix: dead.prefix,
      secretHash: dead.secretHash,
      permissions: [...contracts.ApiKeyPermission.options],
      activated: false,
      createdBy: admin.id,
    })
    .returning();
  const [file] = await db
    .insert(schema.files)
    .values({
      practiceId: practice.id,
      ownerKind: 'PRACTICE',
      ownerId: practice.id,
      uploadedBy: admin.id,
      name: 'victim.pdf',
      size: 10,
      md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      header: '25504446',
      storageKey: 'ab/ab000000-0000-4000-8000-000000000000',
    })
    .returning();
  // A referral the victim practice sent to a third practice, with a comment and a note.
  const receiver = await createPractice(db, { name: 'Victim Partner' });
  const { referral, patient } = await insertReferral(db, {
    senderPracticeId: practice.id,
    fromUserId: provider.id,
    offeredTo: [receiver.id],
  });
  const [comment] = await db
    .insert(schema.referralComments)
    .values({ referralId: referral.id, practiceId: practice.id, authorId: provider.id, message: 'Hello' })
    .returning();
  const [note] = await db
    .insert(schema.referralNotes)
    .values({ referralId: referral.id, practiceId: practice.id, authorId: provider.id, message: 'Internal' })
    .returning();
  // A chat with the partner practice, with a message, a file attached in it, and a notification of it.
  const [chat] = await db
    .insert(schema.chats)
    .values({
      type: 'PRACTICE_TO_PRACTICE',
      practiceId: practice.id,
      targetPracticeId: receiver.id,
      createdBy: provider.id,
    })
    .returning();
  const [chatUser] = await db
    .insert(schema.chatUsers)
    .values({ chatId: chat.id, userId: provider.id, practiceId: practice.id, name: 'Victim Provider' })
    .returning();
  const [message] = await db
    .insert(schema.chatMessages)
    .values({ chatId: chat.id, chatUserId: chatUser.id, uuid: 'victim-message', message: 'Private' })
    .returning();
  const [chatFile] = await db
    .insert(schema.files)
    .values({
      practiceId: practice.id,
      ownerKind: 'CHAT',
      ownerId: chat.id,
      uploadedBy: provider.id,
      name: 'chat.pdf',
      size: 10,
      md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      header: '25504446',
      storageKey: 'ab/ab000000-0000-4000-8000-000000000001',
    })
    .returning();
  await db
    .insert(schema.chatFiles)
    .values({ fileId: chatFile.id, chatId: chat.id, chatUserId: chatUser.id, messageId: message.id });
  const [notification] = await db
    .insert(schema.notifications)
    .values({
      userId: provider.id,
      practiceId: practice.id,
      category: 'GENERAL',
      type: 'notification',
      title: 'New Message',
      text: 'Hello',
    })
    .returning();
  // An intake form with a submission from a patient.
  const [bot] = await db
    .insert(schema.bots)
    .values({ practiceId: practice.id, name: 'Victim Form', colorScheme: '#1C7ED6', endpoint: 'victim-form' })
    .returning();
  const [submission] = await db
    .insert(schema.submissions)
    .values({
      practiceId: practice.id,
      botId: bot.id,
      firstName: 'Private',
      lastName: 'Patient',
      phoneNumber: '+12025550188',
      answers: [],
    })
    .returning();
  // An appointment of the victim's patient with its provider, of one of its templates.
  const [template] = await db
    .insert(schema.appointmentTemplates)
    .values({ practiceId: practice.id, name: 'Victim Visit', defaultDuration: 30, color: 'RED' })
    .returning();
  const [appointment] = await db
    .insert(schema.appointments)
    .values({
      code: 'VictimCode23',
      practiceId: practice.id,
      providerId: provider.id,
      patientId: patient.id,
      templateId: template.id,
      startAt: new Date(Date.now() + 86_400_000),
      endAt: new Date(Date.now() + 90_000_000),
      timezone: 'UTC',
      state: 'SCHEDULED',
    })
    .returning();
  return {
    template,
    appointment,
    partner: receiver,
    bot: bot,
    submission: submission,
    chat: chat,
    message: message,
    chatFile: chatFile,
    notification: notification,
    practice,
    admin,
    provider,
    organisation: organisation,
    network: network,
    department: department,
    tag: tag,
    property: property,
    invite: invite,
    joinRequest: joinRequest,
    apiKey: apiKey,
    file: file,
    referral,
    patient,
    comment: comment,
    note: note,
    /** The secret of the victim's deactivated key, which acts for nobody. */
    deadKey: dead.secret,
  };
}

export type Victim = Awaited<ReturnType<typeof createVictim>>;

/** An admin of another practice, organisation and network, signed in; and a full key of that practice. */
export async function createOutsider(t: TestApp) {
  const db = t.db;
  const practice = await createPractice(db, { name: 'Outsider Practice' });
  const user = await createUser(db, { firstName: 'Out', lastName: 'Sider' });
  for (const role of ['ADMIN', 'PROVIDER'] as const) await addMember(db, practice.id, user.id, role);
  const [organisation] = await db.insert(schema.organisations).values({ name: 'Outsider Org' }).returning();
  await db
    .insert(schema.organisationMembers)
    .values({ organisationId: organisation.id, userId: user.id, role: 'ADMIN' });
  const key = await insertApiKey(db, practice.id, user.id, [...contracts.ApiKeyPermission.options]);
  const client = new TestClient(t.app);
  const res = await client.signIn(user.email!, TEST_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { client, id: user.id, key };
}

export type Outsider = Awaited<ReturnType<typeof createOutsider>>;
