import type { RouteObject } from 'react-router';
import { BootScreen } from './ui/BootScreen';
import { providerRoutes } from './surfaces/provider/routes';
import { publicRoutes } from './surfaces/public/routes';

/**
 * The provider app's build serves both surfaces; the router ranks their routes, so order does not
 * matter. Screens load on first use: until the first one has, the page says it is loading.
 */
export const appRoutes: RouteObject[] = [
  { hydrateFallbackElement: <BootScreen />, children: [...publicRoutes, ...providerRoutes] },
];
