/** The practice one works in: the header's switcher and the home page's card. */
export { CurrentPracticeCard } from './CurrentPracticeCard';
export { PracticeSwitcher } from './PracticeSwitcher';
