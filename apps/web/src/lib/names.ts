/** How a person's name reads everywhere in the app: "First Last". */
export function personName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}
