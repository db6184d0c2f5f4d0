import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createPlaces } from '../places/index.js';
import { registerPatientRoutes } from './patients.routes.js';
import { createPatientsService } from './patients.service.js';

export { auditPatient } from './patient-audit.js';
export {
  dobForStorage,
  dobFromStorage,
  insertPatient,
  toPatientSummary,
  type NewPatient,
  type PatientRow,
} from './patient-records.js';
export {
  accountHolderOf,
  patientById,
  patientIdsNamedLike,
  patientIn,
  patientNamesIn,
  patientsByIds,
  searchPatients,
} from './patient-queries.js';

/** Patients as practices keep them; a patient's referrals are served by the referrals module. */
export function patientsModule(app: FastifyInstance, ctx: AppContext) {
  registerPatientRoutes(app, ctx, createPatientsService(ctx, createPlaces(ctx)));
}
