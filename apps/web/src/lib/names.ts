/** How a person's name reads everywhere in the app: "First Last". */
export function personName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Titles that are said before a name; credentials (MD, DO, NP) and job titles follow it. */
const HONORIFICS = new Set(['dr', 'prof', 'mr', 'mrs', 'ms', 'mx', 'miss']);

/**
 * A name with the title the person gave themselves, as their field writes it: "Lena Okafor, MD",
 * "Alex Moss, Practice manager", but "Dr. Sam Lee". Without a title, just the name.
 */
export function titledName(person: { firstName: string; lastName: string; title?: string | null }) {
  const name = personName(person);
  const title = person.title?.trim();
  if (!title) return name;
  return HONORIFICS.has(title.toLowerCase().replace(/\.$/, '')) ? `${title} ${name}` : `${name}, ${title}`;
}
