import type { Knex } from 'knex';
import { categoryStream, type CategoryFields } from '../../domain/categories/category';
import { categoryDecider } from '../../domain/categories/decider';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId } from '../infrastructure/ids';

export type CategoryCommandDependencies = CommandDependencies & {
  knex: Knex;
  lookups: Pick<ReadModelLookups, 'category' | 'calendarsInCategory'>;
};

export async function createCategory(
  dependencies: CategoryCommandDependencies,
  fields: CategoryFields,
  context: CommandContext,
) {
  const categoryId = await nextId(dependencies.knex, 'category');
  const outcome = await handleCommand(
    dependencies,
    categoryDecider,
    categoryStream(categoryId),
    { type: 'CreateCategory', data: { categoryId, fields, now: dependencies.now().toISOString() } },
    context,
  );
  return { categoryId, ...outcome };
}

/** Whether the category is the default now is read from the read model, where the single-default rule lives. */
export async function updateCategory(
  dependencies: CategoryCommandDependencies,
  categoryId: number,
  fields: CategoryFields,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    categoryDecider,
    categoryStream(categoryId),
    async () => ({
      type: 'UpdateCategory' as const,
      data: {
        categoryId,
        fields,
        isDefaultNow: (await dependencies.lookups.category(categoryId))?.isDefault ?? false,
        now: dependencies.now().toISOString(),
      },
    }),
    context,
  );
}

/** Refused while calendars name the category; the count is read again on every retry. */
export async function deleteCategory(
  dependencies: CategoryCommandDependencies,
  categoryId: number,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    categoryDecider,
    categoryStream(categoryId),
    async () => ({
      type: 'DeleteCategory' as const,
      data: {
        categoryId,
        inUseBy: await dependencies.lookups.calendarsInCategory(categoryId),
        now: dependencies.now().toISOString(),
      },
    }),
    context,
  );
}
