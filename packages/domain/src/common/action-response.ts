import { z } from 'zod';

/** The action response shape, used for errors and for simple acknowledgements. */
export const ZActionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  errorCode: z.string().nullable(),
});
export type TActionResponse = z.infer<typeof ZActionResponse>;

/** A page of items as the paged endpoints return it. */
export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalItems: z.number().int(), totalPages: z.number().int() });

/** Query parameters of paged endpoints: page starts at 0. */
/** Page numbers stop at a million: far past any data, and page x size stays a safe SQL offset. */
export const MAX_PAGE = 1_000_000;
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
