/** What the app and other features use of this feature. Keep it light: whatever it re-exports loads with every importer (lazy screens are imported by app/routes.tsx directly). */
export { ServiceListPage } from './ServiceListPage';
export { ServicePage } from './ServicePage';
export { useGetPublicServiceQuery } from './servicesApi';
