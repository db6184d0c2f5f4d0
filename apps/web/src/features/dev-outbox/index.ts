export { DevOutboxPage } from './DevOutboxPage';
