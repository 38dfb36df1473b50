import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { LandingPage, RequireConsent } from '../features/landing';
import { ServiceListPage, ServicePage } from '../features/services';
import { wizardParts } from '../features/self-service/wizardParts';
import { LanguageGuard } from './LanguageGuard';
import { Layout } from './Layout';
import { lazyElement } from './lazyElement';
import { NotFound } from './NotFound';
import { PageSpinner } from '../shared/states/PageSpinner';
import { PublicLanguage } from './PublicLanguage';
import { RouteError } from './RouteError';

/**
 * §2 public routes, under an optional language segment (`/` is English). The admin area is not among them: see
 * discoverAdminRoutes.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLanguage />,
        children: [
          { index: true, element: <LandingPage /> },
          {
            path: ':lang',
            element: <LanguageGuard />,
            children: [
              { index: true, element: <LandingPage /> },
              // issue 20: a client's own booking, opened by code or by an e-mail's link (no consent step: it books nothing)
              {
                path: 'appointment',
                ...lazyElement(
                  () =>
                    Promise.all([
                      import('../features/self-service/SelfServicePage'),
                      import('../i18n/selfServiceTexts'),
                    ]),
                  ([{ SelfServicePage }, { addSelfServiceTexts }]) => {
                    addSelfServiceTexts();
                    return <SelfServicePage parts={wizardParts} />;
                  },
                ),
                hydrateFallbackElement: <PageSpinner />,
              },
              {
                path: 'service',
                element: <RequireConsent />,
                children: [
                  { index: true, element: <ServiceListPage /> },
                  { path: ':id', element: <ServicePage /> },
                ],
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

const ADMIN_ADDRESS = /^\/admin(\/|$)/;

/**
 * Adds the admin area's route table (adminRoutes.tsx) the first time an address under /admin is opened, so that the
 * public pages' first download holds none of it (about 9 kB gzipped). Until then `/admin/...` matches only `:lang`,
 * a dynamic segment, and the router asks here before it settles for that; once added, the static `admin` segment
 * outranks `:lang`. Patching the same route id again changes nothing.
 */
export const discoverAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!ADMIN_ADDRESS.test(path)) return;
  const { adminRoute } = await import('./adminRoutes');
  patch(null, [adminRoute]);
};

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAdminRoutes });
}
