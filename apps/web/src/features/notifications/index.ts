export { NotificationsBell } from './NotificationsBell';
