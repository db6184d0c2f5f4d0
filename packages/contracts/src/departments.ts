import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, OkResponse, PhoneText, plainName } from './common.js';
import { PersonSummary } from './directory.js';

/** Department calls (spec 1 §7 Departments). */

const tags = ['Departments'];

export const Department = z.object({
  id: z.number().int(),
  practiceId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Department = z.infer<typeof Department>;

/** A department with the people in it. */
export const DepartmentDetail = Department.extend({ users: z.array(PersonSummary) });
export type DepartmentDetail = z.infer<typeof DepartmentDetail>;

/** A department in the practice's list: how many people, not who. */
export const DepartmentListItem = Department.extend({ userCount: z.number().int() });
export type DepartmentListItem = z.infer<typeof DepartmentListItem>;

const Name = plainName(
  z.string('Name is required').trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  'Name',
);
const Fields = {
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable(),
  address: z.string().trim().max(500, 'Address must be at most 500 characters').nullable(),
  /** Normalised to E.164 by the server (ERROR_INVALID_PHONE_NUMBER otherwise). */
  phoneNumber: PhoneText.nullable(),
};

export const createDepartment = endpoint({
  method: 'POST',
  path: '/api/v1/departments',
  summary: 'Create a department in a practice',
  tags,
  auth: 'user',
  status: 201,
  body: z.object({
    practiceId: Id,
    name: Name,
    description: Fields.description.optional(),
    address: Fields.address.optional(),
    phoneNumber: Fields.phoneNumber.optional(),
  }),
  response: DepartmentDetail,
});

export const getDepartment = endpoint({
  method: 'GET',
  path: '/api/v1/department/:id',
  summary: 'A department with its people',
  tags,
  auth: 'user',
  params: IdParams,
  response: DepartmentDetail,
});

export const updateDepartment = endpoint({
  method: 'PUT',
  path: '/api/v1/department/:id',
  summary: 'Rename a department or change its details; fields left out stay, null clears one',
  tags,
  auth: 'user',
  params: IdParams,
  body: z
    .object({ name: Name, ...Fields })
    .partial()
    .strict(),
  response: DepartmentDetail,
});

export const deleteDepartment = endpoint({
  method: 'DELETE',
  path: '/api/v1/department/:id',
  summary: 'Delete a department (its people stay in the practice)',
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

const UserBody = z.object({ userId: Id });

export const addDepartmentUser = endpoint({
  method: 'PUT',
  path: '/api/v1/department/:id/addUser',
  summary: 'Put a member of the practice in the department',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserBody,
  response: DepartmentDetail,
});

export const removeDepartmentUser = endpoint({
  method: 'PUT',
  path: '/api/v1/department/:id/removeUser',
  summary: 'Take someone out of the department',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserBody,
  response: DepartmentDetail,
});

export const practiceDepartments = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/departments',
  summary: "The practice's departments by name",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: z.array(DepartmentListItem),
});

export const userDepartments = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/departments',
  summary: "The departments a user is in: one's own anywhere, or a colleague's in a practice both belong to",
  tags,
  auth: 'user',
  params: IdParams,
  query: z.object({ practiceId: Id.optional() }),
  response: z.array(Department),
});
