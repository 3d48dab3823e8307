import { z } from 'zod';

/** The body of every error answer: `{ success: false, message, data: null, code }`. */
export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
