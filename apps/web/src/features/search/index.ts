export { GlobalSearch } from './GlobalSearch';
export { userProfileQuery } from './profileQuery';
