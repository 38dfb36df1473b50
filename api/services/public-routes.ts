import { parseQuestionnaire } from '../../domain/services/questionnaire';
import { publicCalendarsOf } from '../../projections/public-booking/queries';
import { findPublicService, listPublicServices, localized } from '../../projections/services/queries';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import { localeQuery, publicServiceDetails, publicServiceList, serviceIdParams } from './schemas';

export const publicServiceRoutes = [
  defineRoute({
    method: 'get',
    path: '/public/services',
    summary: 'Enabled public services, with texts in the requested language',
    tag: 'public',
    access: 'public',
    query: localeQuery,
    response: publicServiceList,
    async handler({ query, dependencies }) {
      const services = await listPublicServices(dependencies.knex, query.locale);
      return {
        items: services.map((service) => ({
          id: service.id,
          title: localized(service, 'title', query.locale),
          description: localized(service, 'description', query.locale),
        })),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public/services/:id',
    summary: 'One enabled public service, as the booking wizard needs it',
    tag: 'public',
    access: 'public',
    params: serviceIdParams,
    query: localeQuery,
    response: publicServiceDetails,
    async handler({ params, query, dependencies }) {
      const service = await findPublicService(dependencies.knex, params.id);
      if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
      const { locale } = query;
      return {
        ...service,
        title: localized(service, 'title', locale),
        description: localized(service, 'description', locale),
        landingPage: localized(service, 'landingPage', locale),
        confirmationPage: localized(service, 'confirmationPage', locale),
        calendarSelectionHeader: localized(service, 'calendarSelectionHeader', locale),
        dateSelectionHeader: localized(service, 'dateSelectionHeader', locale),
        timeSelectionHeader: localized(service, 'timeSelectionHeader', locale),
        // parsed here, so the public pages need no schema library of their own
        questionnaire: parseQuestionnaire(service.form),
        calendars: await publicCalendarsOf(dependencies.knex, service, locale),
        fields: {
          consentRequired: service.consentRequired,
          emailRequired: service.emailRequired,
          removePreferredLanguage: service.removePreferredLanguage,
          removePhoneAlt: service.removePhoneAlt,
          removePhoneDoNotCall: service.removePhoneDoNotCall,
          removePhoneAltDoNotCall: service.removePhoneAltDoNotCall,
          removePhoneReminderType: service.removePhoneReminderType,
        },
      };
    },
  }),
];
