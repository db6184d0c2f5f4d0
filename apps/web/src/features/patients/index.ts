/** The practice's patient records; the referral form picks its patient with PatientPicker. */
export { PatientPicker, PATIENT_SEARCH_MIN } from './PatientPicker';
export { PatientCard } from './PatientCard';
export { patientPaths } from './patientPaths';
export { findPatients, patientKeys, patientQuery, type Patient } from './patientQueries';
