import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Email, EpochMs, Id, IdParams, pageQuery, paged, plainName, requiredField } from './common.js';
import { ChatSummary } from './chats.js';
import { HexColor } from './practice-tags.js';

/**
 * Intake (spec 2 §3 Form submission; Inbox, submissions, bots; §7 Inbox and submissions, Bots,
 * patient-side forms). A practice's intake bot is a public form at `/form/{endpoint}`; what patients
 * send through it becomes a submission the practice's staff accept, reject, archive or answer by chat.
 */

const tags = ['Intake'];

/** Spec 2 §9: bots 30 to a page, a bot's submissions 20. */
export const BOTS_PAGE_SIZE = 30;
export const SUBMISSIONS_PAGE_SIZE = 20;
export const MAX_NOTIFY_EMAILS = 10;
export const MAX_BOT_SPECIALITIES = 50;
export const INTAKE_NOTE_MAX = 2000;

/** How the form asks a question with choices; NONE leaves it out (spec 2 names the field, not its values). */
export const QuestionStyle = z.enum(['NONE', 'QUICK_REPLIES', 'DROPDOWN']);
export type QuestionStyle = z.infer<typeof QuestionStyle>;

/** Lower-case letters, digits and single hyphens: it is the last part of the form's address. */
export const BotEndpoint = z
  .string(requiredField('Address is required'))
  .trim()
  .toLowerCase()
  .min(3, 'The address must be at least 3 characters')
  .max(60, 'The address must be at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use letters, digits and single hyphens, e.g. riverside-intake');

export const Bot = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  practiceId: z.number().int(),
  name: z.string(),
  colorScheme: z.string(),
  endpoint: z.string(),
  /** The public address patients fill the form in at. */
  formUrl: z.string(),
  emailsToNotify: z.array(z.string()),
  /** Speciality ids the form offers (when specialityQuestionType is not NONE). */
  specialities: z.array(z.number().int()),
  specialityQuestionType: QuestionStyle,
  /** Submissions nobody in the practice has opened yet. */
  unread: z.number().int(),
  /** When it was taken down: patients can no longer send it, and its submissions stay readable. */
  takenDownAt: EpochMs.nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Bot = z.infer<typeof Bot>;

const BotFields = z.object({
  name: plainName(
    z
      .string(requiredField('Name is required'))
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters'),
    'Name',
  ),
  // The practice tags' colour rule: six hex digits, kept lower-case.
  colorScheme: HexColor,
  endpoint: BotEndpoint,
  emailsToNotify: z.array(Email).max(MAX_NOTIFY_EMAILS, `At most ${MAX_NOTIFY_EMAILS} e-mail addresses`),
  specialities: z.array(Id).max(MAX_BOT_SPECIALITIES, `At most ${MAX_BOT_SPECIALITIES} specialities`),
  specialityQuestionType: QuestionStyle,
});

/**
 * A new form's colour when none is chosen. A form left on it wears its practice's colour on the
 * patient's side (patientForm), so a practice's forms carry its brand until one is given its own.
 */
export const DEFAULT_BOT_COLOR = '#1c7ed6';

/** Defaults apply on creating only: an update's missing fields stay as they are. */
const BotDefaults = {
  colorScheme: BotFields.shape.colorScheme.default(DEFAULT_BOT_COLOR),
  emailsToNotify: BotFields.shape.emailsToNotify.default([]),
  specialities: BotFields.shape.specialities.default([]),
  specialityQuestionType: BotFields.shape.specialityQuestionType.default('NONE'),
};

const withSpecialityRule = <T extends z.ZodType<{ specialities?: number[]; specialityQuestionType?: QuestionStyle }>>(
  s: T,
) =>
  s.superRefine((b, ctx) => {
    if (b.specialityQuestionType && b.specialityQuestionType !== 'NONE' && b.specialities?.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['specialities'], message: 'Choose the specialities the form offers' });
    }
  });

export const BotCreate = withSpecialityRule(BotFields.extend({ ...BotDefaults, practiceId: Id }));
export type BotCreate = z.input<typeof BotCreate>;
export const BotUpdate = withSpecialityRule(BotFields.partial().extend({ practiceId: Id }));
export type BotUpdate = z.input<typeof BotUpdate>;

export const SubmissionStatus = z.enum(['NEW', 'ACCEPTED', 'REJECTED']);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

/** Spec 2 §3: question types of the intake form this product asks. */
export const QuestionType = z.enum(['name', 'phone', 'dob', 'email', 'gender', 'speciality', 'note']);
export type QuestionType = z.infer<typeof QuestionType>;

export const Answer = z.object({
  variable: z.string(),
  questionType: QuestionType,
  /** Text as the patient gave it; a speciality is its name. */
  value: z.string(),
});
export type Answer = z.infer<typeof Answer>;

export const Submission = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  practiceId: z.number().int(),
  botId: z.number().int(),
  botName: z.string(),
  status: SubmissionStatus,
  archived: z.boolean(),
  /** Someone in the practice has opened it. */
  viewed: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  answers: z.array(Answer),
  /** The practice's patient record it was matched to, on accepting or starting a chat. */
  patientId: z.number().int().nullable(),
  /** The chat started from it. */
  chatId: z.number().int().nullable(),
  createdAt: EpochMs,
  decidedAt: EpochMs.nullable(),
});
export type Submission = z.infer<typeof Submission>;

export const SubmissionCounts = z.object({
  NEW: z.number().int(),
  ACCEPTED: z.number().int(),
  REJECTED: z.number().int(),
  archived: z.number().int(),
  unread: z.number().int(),
});
export type SubmissionCounts = z.infer<typeof SubmissionCounts>;

const PracticeBody = z.object({ practiceId: Id });
const PracticeQuery = z.object({ practiceId: Id });

export const createBot = endpoint({
  method: 'POST',
  path: '/api/v1/bots',
  summary: 'Create an intake bot: a public form whose submissions come to the practice',
  tags,
  auth: 'user',
  status: 201,
  body: BotCreate,
  response: Bot,
});

export const checkBotEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/bot/checkEndpoint',
  summary: 'Whether a form address is free (id: the bot being edited keeps its own)',
  tags,
  auth: 'user',
  query: z.object({ endpoint: BotEndpoint, id: Id.optional() }),
  response: z.object({ available: z.boolean() }),
});

export const practiceBots = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/bots',
  summary:
    "The practice's intake bots (unreads=true: only those with unopened submissions; takenDown=true: those taken down, whose submissions stay)",
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(BOTS_PAGE_SIZE).extend({
    unreads: z.stringbool().default(false),
    takenDown: z.stringbool().default(false),
  }),
  response: paged(Bot),
});

export const getBot = endpoint({
  method: 'GET',
  path: '/api/v1/bot/:id',
  summary: 'An intake bot, also one taken down (its submissions stay readable)',
  tags,
  auth: 'user',
  params: IdParams,
  response: Bot,
});

export const updateBot = endpoint({
  method: 'PUT',
  path: '/api/v1/bot/:id',
  summary: 'Change an intake bot; fields left out stay',
  tags,
  auth: 'user',
  params: IdParams,
  body: BotUpdate,
  response: Bot,
});

export const deleteBot = endpoint({
  method: 'DELETE',
  path: '/api/v1/bot/:id',
  summary: 'Take the form down; its submissions stay with the practice',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: z.object({ ok: z.literal(true) }),
});

export const botSubmissions = endpoint({
  method: 'GET',
  path: '/api/v1/bot/:id/submissions',
  summary: "A bot's submissions, newest first (conversationId: those answered in that chat)",
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(SUBMISSIONS_PAGE_SIZE).extend({
    conversationId: Id.optional(),
    status: SubmissionStatus.optional(),
    archived: z.stringbool().default(false),
  }),
  response: paged(Submission),
});

export const botSubmissionCounts = endpoint({
  method: 'GET',
  path: '/api/v1/bot/:id/submissionCounts',
  summary: "How many of the bot's submissions are in each state, archived and unopened",
  tags,
  auth: 'user',
  params: IdParams,
  response: SubmissionCounts,
});

export const getSubmission = endpoint({
  method: 'GET',
  path: '/api/v1/submission/:id',
  summary: 'A submission; opening it marks it read for the practice',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: Submission,
});

export const archiveSubmission = endpoint({
  method: 'PUT',
  path: '/api/v1/submission/:id/archive',
  summary: 'Archive a submission (archived=false brings it back)',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  body: z.object({ archived: z.boolean().default(true) }).default({ archived: true }),
  response: Submission,
});

export const acceptSubmission = endpoint({
  method: 'POST',
  path: '/api/v1/submission/:id/accept',
  summary: "Accept a new submission: the patient is matched to, or added to, the practice's records",
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: Submission,
});

export const rejectSubmission = endpoint({
  method: 'POST',
  path: '/api/v1/submission/:id/reject',
  summary: 'Reject a new submission',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: Submission,
});

export const createSubmissionChat = endpoint({
  method: 'POST',
  path: '/api/v1/submission/:id/action/createChat',
  summary:
    'Open a chat with the patient who sent the submission (matching or adding their patient record); they are texted a link',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: ChatSummary,
});

/* The patient side: public, no account needed. */

export const IntakeQuestion = z.object({
  variable: z.string(),
  questionType: QuestionType,
  label: z.string(),
  required: z.boolean(),
  /** Choices, for gender and speciality. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** How to show the choices. */
  style: QuestionStyle.optional(),
});
export type IntakeQuestion = z.infer<typeof IntakeQuestion>;

export const IntakeForm = z.object({
  name: z.string(),
  /** What the form is drawn in: its own colour, or its practice's when it kept the default one. */
  colorScheme: z.string(),
  practice: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  questions: z.array(IntakeQuestion),
});
export type IntakeForm = z.infer<typeof IntakeForm>;

const FormParams = z.object({ identifier: BotEndpoint });

export const patientForm = endpoint({
  method: 'GET',
  path: '/api/v1/patient/form/:identifier',
  summary: 'The intake form at this address, with its questions',
  tags,
  auth: 'public',
  params: FormParams,
  response: IntakeForm,
});

export const IntakeAnswers = z.object({
  /** variable → the patient's answer; the form's questions decide which are required and how each is checked. */
  answers: z.record(z.string().max(40), z.string().max(INTAKE_NOTE_MAX, `At most ${INTAKE_NOTE_MAX} characters`)),
  /** The page that framed the form: kept and shown to the practice as a link, so only an http(s) address. */
  embededUrl: z
    .url({ protocol: /^https?$/, error: 'embededUrl must be an http(s) address' })
    .max(1000)
    .optional(),
  isApp: z.boolean().default(false),
});
export type IntakeAnswers = z.input<typeof IntakeAnswers>;

export const submitPatientForm = endpoint({
  method: 'POST',
  path: '/api/v1/patient/form/:identifier',
  summary: 'Send the form: 201 when received; 400 lists each answer that needs fixing (path answers.<variable>)',
  tags,
  auth: 'public',
  status: 201,
  params: FormParams,
  body: IntakeAnswers,
  response: z.object({ uuid: z.string().uuid(), practiceName: z.string() }),
});
