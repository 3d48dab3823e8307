import { z } from 'zod';
import { singleLineText } from './text-field.ts';
import { ZEnvelope } from './envelope.ts';

/**
 * Administrative units in force since 1 July 2025: two levels, 34 provinces/cities and their
 * communes, wards and special zones. Codes are the data set's own identifiers (not the official
 * statistics codes); clients keep the chosen names, never the codes.
 */
export const ZAdminUnit = z.object({ code: z.string(), name: z.string() });
export type TAdminUnit = z.infer<typeof ZAdminUnit>;

export const ZAdminUnitListResponse = ZEnvelope(z.array(ZAdminUnit));

/** Path parameter of the wards-of-a-province call; an unknown code is a 404, not a 400. */
export const ZProvinceCodeParams = z.object({ code: singleLineText().max(20) });

export const ADMIN_UNIT_MESSAGES = {
  provinceNotFound: 'Không tìm thấy tỉnh/thành phố',
} as const;

/** The address picker's own messages (every level must be chosen, the street is optional). */
export const ADDRESS_PICKER_MESSAGES = {
  provinceRequired: 'Vui lòng chọn tỉnh/thành phố',
  wardRequired: 'Vui lòng chọn xã/phường/đặc khu',
  streetTooLong: 'Số nhà, tên đường không quá 200 ký tự',
} as const;
