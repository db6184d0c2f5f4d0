/** One thing a search field offers: what it shows, and what choosing it hands back. */
export interface SearchOption<T = unknown> {
  id: number;
  label: string;
  description?: string | null;
  value: T;
}
