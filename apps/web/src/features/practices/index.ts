/** The practice one works in: the header's switcher. */
export { PracticeSwitcher } from './PracticeSwitcher';
