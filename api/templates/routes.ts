import { createTemplate, deleteTemplate, updateTemplate } from '../../commands/templates/handlers';
import { findTemplate, listTemplates } from '../../projections/templates/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { ADMINISTRATORS, SYSTEM_ADMINISTRATORS } from '../access-groups';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import {
  templateBody,
  templateDeleted,
  templateIdParams,
  templateList,
  templatePutBody,
  templateResponse,
  templateSaved,
} from './schemas';

/**
 * E-mail templates are a System Administrator's alone (§2.3), except their list of names, which Calendar
 * Administrators need to choose a calendar's confirmation and reminder templates.
 */

export const templateRoutes = [
  defineRoute({
    method: 'get',
    path: '/templates',
    summary: 'E-mail templates (id and name), by name',
    tag: 'templates',
    access: ADMINISTRATORS,
    response: templateList,
    async handler({ dependencies }) {
      return { items: await listTemplates(dependencies.knex) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/templates/:id',
    summary: 'One e-mail template, in both languages',
    tag: 'templates',
    access: SYSTEM_ADMINISTRATORS,
    params: templateIdParams,
    response: templateResponse,
    async handler({ params, dependencies }) {
      const template = await findTemplate(dependencies.knex, params.id);
      if (!template) throw new HttpError(404, 'TEMPLATE_NOT_FOUND', 'There is no such e-mail template.');
      return template;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/templates',
    summary: 'Create an e-mail template',
    tag: 'templates',
    access: SYSTEM_ADMINISTRATORS,
    body: templateBody,
    response: templateSaved,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const outcome = await createTemplate({ ...dependencies }, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.templates);
      return { id: outcome.templateId };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/templates/:id',
    summary: 'Change an e-mail template; takes back what GET answered (id and timestamps are ignored)',
    tag: 'templates',
    access: SYSTEM_ADMINISTRATORS,
    params: templateIdParams,
    body: templatePutBody,
    response: templateSaved,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const outcome = await updateTemplate({ ...dependencies }, params.id, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.templates);
      return { id: params.id };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/templates/:id',
    summary: 'Delete an e-mail template that no calendar sends',
    tag: 'templates',
    access: SYSTEM_ADMINISTRATORS,
    params: templateIdParams,
    response: templateDeleted,
    async handler({ params, viewer, ctx, dependencies }) {
      const outcome = await deleteTemplate({ ...dependencies }, params.id, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.templates);
      return { deleted: true };
    },
  }),
];
