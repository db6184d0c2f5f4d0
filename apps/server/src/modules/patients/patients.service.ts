import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { patientsApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { validOptionalPhone, validPhone } from '../../platform/phone.js';
import { onUniqueViolation } from '../../db/errors.js';
import { insuranceById, insuranceNameOf } from '../catalogues/index.js';
import type { PlacesService } from '../places/index.js';
import { patients } from './patients.table.js';
import { auditPatient } from './patient-audit.js';
import { dobForStorage, patientMatch, patientSearchText, toPatient, type PatientRow } from './patient-records.js';

type PatientCreate = z.output<typeof patientsApi.PatientCreate>;
type PatientChange = Partial<Omit<PatientCreate, 'practiceId' | 'parentId'>>;
type PatientWrite = Partial<typeof patients.$inferInsert>;
type ListQuery = { practiceId: number; skip: number; limit: number; query?: string };

export const NO_SUCH_PATIENT = 'No such patient';
export const PHONE_TAKEN = 'A patient with this phone number already exists in the practice';
export const PHONE_REQUIRED = 'Phone is required unless the patient is a dependant';
export const NO_PATIENT_WITH_PHONE = 'No patient with this phone number in the practice';

/** A 400 the form shows on the field it names. */
const fieldError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, [{ path: ['body', field], message }]);
const phoneTaken = () =>
  new AppError('ERROR_OBJECT_EXISTS', PHONE_TAKEN, [{ path: ['body', 'phoneNumber'], message: PHONE_TAKEN }]);

/** Wire field → stored column, for the fields a caller may change. */
const COLUMNS = {
  firstName: 'firstName',
  lastName: 'lastName',
  phoneNumber: 'phoneNumber',
  email: 'email',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  insurance: 'insuranceId',
  addressPlaceId: 'addressPlaceId',
} as const satisfies Record<keyof PatientChange, keyof PatientRow>;

/**
 * A practice's patients (spec 2 §3, §7). Every patient belongs to one practice; one of another
 * practice answers 456 like a missing one, so ids reveal nothing. Every read and write is audited.
 */
export function createPatientsService(ctx: AppContext, places: PlacesService) {
  const { db, audit, clock } = ctx;

  const withInsurance = () =>
    db.select({ patient: patients, insuranceName: insuranceNameOf(patients.insuranceId) }).from(patients);

  async function view(practiceId: number, id: number) {
    const [row] = await withInsurance().where(and(eq(patients.id, id), eq(patients.practiceId, practiceId)));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', NO_SUCH_PATIENT);
    return toPatient(row.patient, row.insuranceName);
  }

  async function load(practiceId: number, id: number) {
    const [row] = await db
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.practiceId, practiceId)));
    return row;
  }

  async function assertInsurance(id: number) {
    if (!(await insuranceById(db, id))) throw fieldError('insurance', 'No such insurance');
  }

  /** The address and coordinates of a place id (referral distances are measured from them). */
  async function placeOf(placeId: string) {
    try {
      const place = await places.details(placeId);
      return {
        addressPlaceId: placeId,
        address: place.formattedAddress,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        throw fieldError('addressPlaceId', 'Unknown address; choose one of the suggestions');
      throw err;
    }
  }

  async function checkedParent(practiceId: number, parentId: number) {
    const parent = await load(practiceId, parentId);
    if (!parent) throw fieldError('parentId', 'The parent must be a patient of this practice');
    if (parent.parentId !== null) throw fieldError('parentId', 'A dependant cannot be the parent of another patient');
  }

  /** Account holders are found by phone, so two of them in a practice cannot share one. */
  async function assertPhoneFree(practiceId: number, phoneNumber: string, exceptId?: number) {
    const [clash] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.practiceId, practiceId),
          eq(patients.phoneNumber, phoneNumber),
          isNull(patients.parentId),
          exceptId ? ne(patients.id, exceptId) : undefined,
        ),
      );
    if (clash) throw phoneTaken();
  }

  /** The checks above race with other writers; the unique index settles it with the same answer. */
  const writing = <T>(write: () => Promise<T>) => onUniqueViolation(write, phoneTaken);

  /** The stored form of the given fields, validated; fields left out are absent. */
  async function storedChange(change: PatientChange): Promise<PatientWrite> {
    const write: PatientWrite = {};
    if (change.firstName !== undefined) write.firstName = change.firstName;
    if (change.lastName !== undefined) write.lastName = change.lastName;
    if (change.phoneNumber !== undefined) write.phoneNumber = validOptionalPhone(change.phoneNumber, 'phoneNumber');
    if (change.email !== undefined) write.email = change.email;
    if (change.dateOfBirth !== undefined)
      write.dateOfBirth = change.dateOfBirth === null ? null : dobForStorage(change.dateOfBirth);
    if (change.gender !== undefined) write.gender = change.gender;
    if (change.insurance !== undefined) {
      if (change.insurance !== null) await assertInsurance(change.insurance);
      write.insuranceId = change.insurance;
    }
    return write;
  }

  return {
    async create(caller: Caller, input: PatientCreate, client: ClientInfo): Promise<patientsApi.Patient> {
      const { practiceId, parentId } = input;
      await authorizePractice(db, caller, practiceId, 'patients.manage');
      const write = await storedChange(input);
      if (!write.phoneNumber && parentId === undefined) throw fieldError('phoneNumber', PHONE_REQUIRED);
      if (parentId !== undefined) await checkedParent(practiceId, parentId);
      else await assertPhoneFree(practiceId, write.phoneNumber!);
      const address = input.addressPlaceId ? await placeOf(input.addressPlaceId) : {};
      const now = clock.now();
      const values = { phoneNumber: null, email: null, ...write, firstName: input.firstName, lastName: input.lastName };
      const [row] = await writing(() =>
        db
          .insert(patients)
          .values({
            ...values,
            ...address,
            practiceId,
            parentId: parentId ?? null,
            search: patientSearchText(values),
            createdBy: caller.user.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      await auditPatient(
        audit,
        caller,
        'patient.created',
        client,
        { type: 'patient', id: row.id },
        { practiceId, ...(parentId ? { parentId } : {}) },
      );
      return view(practiceId, row.id);
    },

    async get(caller: Caller, practiceId: number, id: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'patients.view');
      const patient = await view(practiceId, id);
      await auditPatient(audit, caller, 'patient.viewed', client, { type: 'patient', id }, { practiceId });
      return patient;
    },

    /** Fields left out stay; null (blank on the wire) clears. Only changed field names are audited. */
    async update(caller: Caller, practiceId: number, id: number, change: PatientChange, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'patients.manage');
      const current = await load(practiceId, id);
      if (!current) throw new AppError('OBJECT_NOT_FOUND', NO_SUCH_PATIENT);
      const write = await storedChange(change);
      if (write.phoneNumber === null && current.parentId === null) throw fieldError('phoneNumber', PHONE_REQUIRED);
      if (write.phoneNumber && current.parentId === null) await assertPhoneFree(practiceId, write.phoneNumber, id);
      if (change.addressPlaceId !== undefined && change.addressPlaceId !== current.addressPlaceId) {
        Object.assign(
          write,
          change.addressPlaceId === null
            ? { addressPlaceId: null, address: null, latitude: null, longitude: null }
            : await placeOf(change.addressPlaceId),
        );
      }
      const fields = (Object.keys(COLUMNS) as (keyof PatientChange)[]).filter((f) => {
        const column = COLUMNS[f];
        return column in write && write[column] !== current[column];
      });
      if (fields.length) {
        await writing(() =>
          db.transaction(async (tx) => {
            // The search text is built from the row as it is now, not as it was read before the checks.
            const [locked] = await tx.select().from(patients).where(eq(patients.id, id)).for('update');
            await tx
              .update(patients)
              .set({ ...write, search: patientSearchText({ ...locked, ...write }), updatedAt: clock.now() })
              .where(eq(patients.id, id));
          }),
        );
      }
      await auditPatient(audit, caller, 'patient.updated', client, { type: 'patient', id }, { practiceId, fields });
      return view(practiceId, id);
    },

    /** The account holder with the number; dependants sharing it are reached through them. */
    async byPhone(caller: Caller, practiceId: number, phoneText: string, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'patients.view');
      const phoneNumber = validPhone(phoneText, 'phoneNumber', 'querystring');
      const [row] = await withInsurance().where(
        and(eq(patients.practiceId, practiceId), eq(patients.phoneNumber, phoneNumber), isNull(patients.parentId)),
      );
      if (!row) throw new AppError('OBJECT_NOT_FOUND', NO_PATIENT_WITH_PHONE);
      await auditPatient(
        audit,
        caller,
        'patient.found_by_phone',
        client,
        { type: 'patient', id: row.patient.id },
        { practiceId },
      );
      return toPatient(row.patient, row.insuranceName);
    },

    /** By last name, then first name; `query` matches names, phone digits or e-mail. */
    async list(caller: Caller, { practiceId, skip, limit, query }: ListQuery, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'patients.view');
      const where = and(eq(patients.practiceId, practiceId), query ? patientMatch(query).where : undefined);
      const [rows, [total]] = await Promise.all([
        withInsurance()
          .where(where)
          .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
          .offset(skip)
          .limit(limit),
        db.select({ n: count() }).from(patients).where(where),
      ]);
      const result = { data: rows.map((r) => toPatient(r.patient, r.insuranceName)), count: total?.n ?? 0 };
      await auditPatient(
        audit,
        caller,
        'patient.listed',
        client,
        { type: 'practice', id: practiceId },
        {
          query: query || null,
          skip,
          count: result.count,
          patientIds: result.data.map((p) => p.id),
        },
      );
      return result;
    },
  };
}
