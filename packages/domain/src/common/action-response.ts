import { z } from 'zod';

/** The action response shape, used for errors and for simple acknowledgements. */
export const ZActionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  errorCode: z.string().nullable(),
});
export type TActionResponse = z.infer<typeof ZActionResponse>;
