export { OrganisationsPage } from './OrganisationsPage';
