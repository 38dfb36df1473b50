import type { Knex } from 'knex';
import type { NamedRecordsFound } from '../../domain/request-forms/commands';
import { requestFormDecider } from '../../domain/request-forms/decider';
import {
  requestFormStream,
  type RequestFormFields,
  type RequestFormRequester,
} from '../../domain/request-forms/request-form';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';
import type { ReadModelLookups } from '../read-model-lookups';

export type RequestFormCommandDependencies = CommandDependencies & {
  knex: Knex;
  /** The unit's time zone: clinic dates are counted from the month of submission there. */
  timeZone: string;
  lookups: Pick<ReadModelLookups, 'calendar' | 'location' | 'template' | 'staffMember'>;
};

/** Records a request from `userId`, with the name they have now (the list shows who asked, even after a rename). */
export async function submitRequestForm(
  dependencies: RequestFormCommandDependencies,
  fields: RequestFormFields,
  userId: number,
  context: CommandContext,
) {
  const [requestedBy, found] = await Promise.all([
    requester(dependencies, userId),
    namedRecordsFound(dependencies, fields),
  ]);
  const requestFormId = await nextId(dependencies.knex, 'requestForm');
  const now = dependencies.now();
  const outcome = await handleCommand(
    dependencies,
    requestFormDecider,
    requestFormStream(requestFormId),
    {
      type: 'SubmitRequestForm',
      data: {
        requestFormId,
        fields,
        requestedBy,
        found,
        now: now.toISOString(),
        createdOn: todayIn(dependencies.timeZone, now),
      },
    },
    context,
  );
  return { requestFormId, requestedBy, ...outcome };
}

/** An administrator marks the request done: it became (or its dates went into) `calendarId`. */
export async function markRequestFormFulfilled(
  dependencies: RequestFormCommandDependencies,
  requestFormId: number,
  fulfilment: { calendarId: number; dates?: string[] },
  userId: number,
  context: CommandContext,
) {
  const [fulfilledBy, calendar] = await Promise.all([
    requester(dependencies, userId),
    dependencies.lookups.calendar(fulfilment.calendarId),
  ]);
  return handleCommand(
    dependencies,
    requestFormDecider,
    requestFormStream(requestFormId),
    {
      type: 'MarkRequestFormFulfilled',
      data: {
        requestFormId,
        calendarId: fulfilment.calendarId,
        calendarFound: calendar !== undefined,
        ...(fulfilment.dates ? { dates: fulfilment.dates } : {}),
        fulfilledBy,
        now: dependencies.now().toISOString(),
      },
    },
    context,
  );
}

async function requester(dependencies: RequestFormCommandDependencies, userId: number): Promise<RequestFormRequester> {
  const member = await dependencies.lookups.staffMember(userId);
  if (!member) throw new DomainError('USER_NOT_FOUND', 'There is no such user.');
  return { userId: member.id, name: member.name };
}

async function namedRecordsFound(
  { lookups }: RequestFormCommandDependencies,
  fields: RequestFormFields,
): Promise<NamedRecordsFound> {
  const exists = async <T>(id: number | null, find: (id: number) => Promise<T | undefined>) =>
    id !== null && (await find(id)) !== undefined;
  const [calendar, location, confirmationTemplate, reminderTemplate] = await Promise.all([
    exists(fields.calendarId, lookups.calendar),
    exists(fields.locationId, lookups.location),
    exists(fields.confirmationTemplateId, lookups.template),
    exists(fields.reminderTemplateId, lookups.template),
  ]);
  return { calendar, location, confirmationTemplate, reminderTemplate };
}
