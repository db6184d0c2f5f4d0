import type { RouteObject } from 'react-router';
import { providerRoutes } from './surfaces/provider/routes';
import { publicRoutes } from './surfaces/public/routes';

/** The provider app's build serves both surfaces; the router ranks their routes, so order does not matter. */
export const appRoutes: RouteObject[] = [...publicRoutes, ...providerRoutes];
