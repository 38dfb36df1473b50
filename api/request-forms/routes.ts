import { markRequestFormFulfilled, submitRequestForm } from '../../commands/request-forms/handlers';
import { notifyAdministratorsOfRequest } from '../../commands/request-forms/notify-administrators';
import { findRequestForm, listRequestForms } from '../../projections/request-forms/queries';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';
import { defineRoute, type Viewer } from '../routing';
import { staffContext } from '../staff-context';
import { withUnitTimeZone } from '../unit-time';
import {
  requestFormBody,
  requestFormFulfilmentBody,
  requestFormIdParams,
  requestFormList,
  requestFormListQuery,
  requestFormResponse,
} from './schemas';

/**
 * Every staff role asks for a new calendar or for dates (§2.3, §6). A Basic User sees only their own requests;
 * administrators see all, are told by e-mail when one arrives, and mark them done once made.
 */

const seesAllRequests = (viewer: Viewer) => viewer.roles.some((role) => ADMINISTRATORS.includes(role));

/** The whole form, as the viewer may see it: another's request is "not found" to a Basic User. */
async function visibleRequestForm(dependencies: AppDependencies, viewer: Viewer, id: number) {
  const form = await findRequestForm(dependencies.knex, id);
  if (!form || (!seesAllRequests(viewer) && form.createdBy.id !== viewer.userId))
    throw new HttpError(404, 'REQUEST_FORM_NOT_FOUND', 'There is no such request.');
  return form;
}

export const requestFormRoutes = [
  defineRoute({
    method: 'get',
    path: '/request-forms',
    summary: 'Request forms, newest first, 25 a page; a Basic User gets only their own',
    tag: 'request-forms',
    access: STAFF,
    query: requestFormListQuery,
    response: requestFormList,
    async handler({ query, viewer, dependencies }) {
      const { limit, offset, filters } = query;
      return listRequestForms(
        dependencies.knex,
        { ...filters, ...(seesAllRequests(viewer) ? {} : { createdBy: viewer.userId }) },
        { limit, offset },
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/request-forms/:id',
    summary: 'One request form, whole',
    tag: 'request-forms',
    access: STAFF,
    params: requestFormIdParams,
    response: requestFormResponse,
    async handler({ params, viewer, dependencies }) {
      return visibleRequestForm(dependencies, viewer, params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/request-forms',
    summary: 'Submit a request for a new calendar or for dates; administrators are e-mailed a notice',
    tag: 'request-forms',
    access: STAFF,
    body: requestFormBody,
    response: requestFormResponse,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const outcome = await submitRequestForm(
        withUnitTimeZone(dependencies),
        body,
        viewer.userId,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.requestForms);
      // Not awaited: a slow or silent mail server must not hold the answer (the notifier logs its own failures).
      void notifyAdministratorsOfRequest(dependencies, {
        requestFormId: outcome.requestFormId,
        requestType: body.requestType,
        requestedBy: outcome.requestedBy.name,
      });
      return visibleRequestForm(dependencies, viewer, outcome.requestFormId);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/request-forms/:id/fulfilment',
    summary: 'Mark a request done: the calendar it became, or the one its dates were added to',
    tag: 'request-forms',
    access: ADMINISTRATORS,
    params: requestFormIdParams,
    body: requestFormFulfilmentBody,
    response: requestFormResponse,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const outcome = await markRequestFormFulfilled(
        withUnitTimeZone(dependencies),
        params.id,
        body,
        viewer.userId,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.requestForms);
      return visibleRequestForm(dependencies, viewer, params.id);
    },
  }),
];
