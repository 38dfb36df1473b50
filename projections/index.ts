import type { Projection } from './runner/projection';
import { analyticsProjection } from './analytics/projection';
import { appointmentsProjection } from './appointments/projection';
import { calendarDatesProjection } from './calendar-dates/projection';
import { calendarsProjection } from './calendars/projection';
import { categoriesProjection } from './categories/projection';
import { confirmationMailsProjection } from './confirmation-mails/projection';
import { groupSessionSeriesProjection } from './group-session-series/projection';
import { locationsProjection } from './locations/projection';
import { messagesProjection } from './messages/projection';
import { requestFormsProjection } from './request-forms/projection';
import { servicesProjection } from './services/projection';
import { templatesProjection } from './templates/projection';
import { usersProjection } from './users/projection';
import { waitlistProjection } from './waitlist/projection';

/** Every read model, by name. The runner, the rebuild command and the tests take them from here. */
export const allProjections: Projection[] = [
  analyticsProjection,
  appointmentsProjection,
  calendarsProjection,
  calendarDatesProjection,
  categoriesProjection,
  confirmationMailsProjection,
  groupSessionSeriesProjection,
  locationsProjection,
  messagesProjection,
  requestFormsProjection,
  servicesProjection,
  templatesProjection,
  usersProjection,
  waitlistProjection,
];
