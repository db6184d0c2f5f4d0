export { SessionsPage } from './SessionsPage';
