import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { EmailTemplateCommand } from './commands';
import type { EmailTemplateEvent } from './events';
import type { TemplateFields } from './template';

export type EmailTemplateState =
  | { status: 'absent' }
  | { status: 'active'; templateId: number; fields: TemplateFields; createdAt: string; updatedAt: string }
  | { status: 'deleted'; templateId: number };

export const emailTemplateDecider: Decider<EmailTemplateCommand, EmailTemplateEvent, EmailTemplateState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateEmailTemplate': {
        if (state.status !== 'absent')
          throw new DomainError('TEMPLATE_ALREADY_EXISTS', 'This e-mail template already exists.');
        const { templateId, fields, now } = command.data;
        assertValidTemplate(fields);
        return [{ type: 'EmailTemplateCreated', data: { templateId, fields, createdAt: now } }];
      }
      case 'UpdateEmailTemplate': {
        if (state.status !== 'active') throw notFound();
        assertValidTemplate(command.data.fields);
        const changes = changedFields(state.fields, command.data.fields);
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'EmailTemplateUpdated',
            data: { templateId: state.templateId, changes, updatedAt: command.data.now },
          },
        ];
      }
      case 'DeleteEmailTemplate': {
        if (state.status !== 'active') throw notFound();
        const { inUseBy, now } = command.data;
        if (inUseBy > 0) {
          throw new DomainError(
            'TEMPLATE_IN_USE',
            'The template could not be deleted. Make sure no calendar sends it as its confirmation or reminder.',
            { inUseBy },
          );
        }
        return [{ type: 'EmailTemplateDeleted', data: { templateId: state.templateId, deletedAt: now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EmailTemplateCreated':
        return {
          status: 'active',
          templateId: event.data.templateId,
          fields: event.data.fields,
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'EmailTemplateUpdated':
        if (state.status !== 'active') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes }, updatedAt: event.data.updatedAt };
      case 'EmailTemplateDeleted':
        return { status: 'deleted', templateId: event.data.templateId };
      default:
        return assertNever(event);
    }
  },
};

const notFound = () => new DomainError('TEMPLATE_NOT_FOUND', 'There is no such e-mail template.');

/** Every field is required, in both languages (§5); the API checks their shapes (the sender's address) first. */
function assertValidTemplate(fields: TemplateFields): void {
  for (const field of Object.keys(fields) as (keyof TemplateFields)[]) {
    if (!fields[field].trim())
      throw new DomainError(
        'VALIDATION_FAILED',
        'Every field of an e-mail template is required, in English and in French.',
        { field },
      );
  }
}
