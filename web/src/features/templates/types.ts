import type { z } from 'zod';
import type {
  templateBody,
  templateDeleted,
  templateList,
  templateResponse,
  templateSaved,
} from '../../../../api/templates/schemas';

/** The e-mail template calls (§7 Reference data: templates), inferred from the API's own schemas (types only). */
export type Template = z.infer<typeof templateResponse>;
export type TemplateList = z.infer<typeof templateList>;
export type TemplateSummary = TemplateList['items'][number];
export type TemplateBody = z.input<typeof templateBody>;
export type TemplateSaved = z.infer<typeof templateSaved>;
export type TemplateDeleted = z.infer<typeof templateDeleted>;
