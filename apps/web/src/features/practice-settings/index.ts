export { PracticeSettingsPage } from './PracticeSettingsPage';
