import type { z } from 'zod';
import type {
  categoryBody,
  categoryDeleted,
  categoryList,
  categoryResponse,
  categorySaved,
} from '../../../../api/categories/schemas';

/** The category calls (§7 Reference data: categories), inferred from the API's own schemas (types only). */
export type Category = z.infer<typeof categoryResponse>;
export type CategoryList = z.infer<typeof categoryList>;
export type CategoryBody = z.input<typeof categoryBody>;
export type CategorySaved = z.infer<typeof categorySaved>;
export type CategoryDeleted = z.infer<typeof categoryDeleted>;
