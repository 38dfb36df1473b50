import type { Knex } from 'knex';
import type { TemplateFields } from '../../domain/templates/template';

export interface TemplateRecord extends TemplateFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}

interface TemplateRow {
  id: number;
  name: string;
  template: TemplateFields;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: TemplateRow): TemplateRecord => ({
  ...row.template,
  id: row.id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Every e-mail template's id and name, ordered by name: the list shows no more (§7). */
export async function listTemplates(knex: Knex): Promise<{ id: number; name: string }[]> {
  return knex<TemplateRow>('email_templates')
    .select('id', 'name')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function findTemplate(knex: Knex, id: number): Promise<TemplateRecord | undefined> {
  const row = await knex<TemplateRow>('email_templates').where({ id }).first();
  return row && toRecord(row);
}

/** How many calendars send the template as their confirmation or their reminder (from the calendars read model). */
export async function countCalendarsSendingTemplate(knex: Knex, templateId: number): Promise<number> {
  const result = await knex.raw<{ rows: { count: string }[] }>(
    `select count(*) as count from calendars
     where settings ->> 'notificationTemplateId' = ? or settings ->> 'reminderTemplateId' = ?`,
    [String(templateId), String(templateId)],
  );
  return Number(result.rows[0]?.count ?? 0);
}
