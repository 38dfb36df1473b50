import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage';
import { RequireConsent } from '../features/landing/RequireConsent';
import { ServiceListPage } from '../features/services/ServiceListPage';
import { ServicePage } from '../features/services/ServicePage';
import { LanguageGuard } from './LanguageGuard';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { PublicLanguage } from './PublicLanguage';
import { RouteError } from './RouteError';

/**
 * §2 routes. Public pages live under an optional language segment (`/` is English). The admin area is added
 * under `admin/*` by a later issue: its static segment outranks `:lang`, so it never reaches LanguageGuard.
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
      // Placeholder until the admin issue: keeps /admin/... from being read as a language.
      { path: 'admin/*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
