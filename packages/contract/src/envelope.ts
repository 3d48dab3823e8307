import { z } from 'zod';

/** Every JSON body the API sends: `{ success, message, data }`. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

/** Paged lists (news, notifications): `data` is `{ data, currentPage, pageSize, totalItems, totalPages }`. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  });

export type TPage<T> = {
  data: T[];
  currentPage: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
};

export type TEnvelope<T> = { success: boolean; message: string; data: T };
