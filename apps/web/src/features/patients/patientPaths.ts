/** The patient screens' addresses. */
export const patientPaths = {
  list: '/patients',
  detail: (id: number) => `/patients/${id}`,
};
