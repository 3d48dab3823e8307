import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';
import { zId } from './ids.ts';
import { singleLineText } from './text-field.ts';

export const SHARE_LINK_MESSAGES = {
  invalidCampaign: 'Chiến dịch không hợp lệ',
  rateLimited: 'Bạn tạo liên kết chia sẻ quá nhanh. Vui lòng thử lại sau ít phút.',
} as const;

export const SHARE_LINK_LIMITS = {
  /**
   * Links one address (IP) may ask for per window. Creation is idempotent (one code per campaign),
   * so this only protects the server's time, not the table; schools share one address, hence generous.
   */
  perIpMax: 60,
  perIpWindowSeconds: 60,
} as const;

export const ZShareLinkRequest = z.object({
  campaignId: zId(SHARE_LINK_MESSAGES.invalidCampaign),
});
export type TShareLinkRequest = z.infer<typeof ZShareLinkRequest>;

/** `link` is our short link; `long_url` the page it leads to (the shortener's field names clients know). */
export const ZShareLink = z.object({ link: z.string(), long_url: z.string(), code: z.string() });
export type TShareLink = z.infer<typeof ZShareLink>;
export const ZShareLinkResponse = ZEnvelope(ZShareLink);

export const ZShortCodeParams = z.object({ code: singleLineText().max(64) });
