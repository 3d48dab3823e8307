import {
  PAGES,
  REGISTRATION_MESSAGES,
  SHORT_CODE,
  registrationLinkPath,
  type TShareLink,
} from '@giot-hong/contract';
import { randomInt } from 'node:crypto';
import { notFound } from '../../lib/http-error.ts';
import type { ShareCampaignRow, ShareLinkRepository } from './share-links.repository.ts';

/** A random code from crypto over letters and digits (62^8 ≈ 2·10^14 codes: not guessable by walking). */
export function newShortCode(length: number = SHORT_CODE.length): string {
  let code = '';
  for (let i = 0; i < length; i++) code += SHORT_CODE.alphabet[randomInt(SHORT_CODE.alphabet.length)];
  return code;
}

export function createShareLinkService(deps: {
  repo: ShareLinkRepository;
  publicUrl: string;
  makeCode?: () => string;
}) {
  const { repo, publicUrl } = deps;
  const makeCode = deps.makeCode ?? (() => newShortCode());

  /** The page a campaign's link leads to, built from the campaign as it is now. */
  const longPath = (campaign: Pick<ShareCampaignRow, 'id' | 'questionSetId'>) =>
    registrationLinkPath(campaign);

  return {
    /** The campaign's short link, created on first use; the same campaign always gets the same code. */
    async linkFor(campaignId: number): Promise<TShareLink> {
      const campaign = await repo.findCampaign(campaignId);
      if (!campaign) throw notFound(REGISTRATION_MESSAGES.campaignNotFound);
      let code = await repo.findCodeOfCampaign(campaignId);
      // A fresh code can only collide with another campaign's code by a 1-in-10^14 chance;
      // a few attempts make that impossible in practice without a loop that could spin.
      for (let attempt = 0; !code && attempt < 3; attempt++) {
        await repo.insertIfAbsent(makeCode(), campaignId, PAGES.donationRegistration);
        code = await repo.findCodeOfCampaign(campaignId);
      }
      if (!code) throw new Error('could not store a short link code');
      return { code, link: `${publicUrl}/s/${code}`, long_url: `${publicUrl}${longPath(campaign)}` };
    },

    /** Where `/s/{code}` redirects (absolute), or undefined for an unknown code. */
    async target(code: string): Promise<string | undefined> {
      if (!SHORT_CODE.pattern.test(code)) return undefined;
      const found = await repo.resolve(code);
      if (!found) return undefined;
      // The registration page gets its query from the campaign as it is now (its question set may change).
      if (found.targetPath === PAGES.donationRegistration) return `${publicUrl}${longPath(found.campaign)}`;
      return `${publicUrl}${found.targetPath}`;
    },

    findCampaign: (id: number) => repo.findCampaign(id),
  };
}
export type ShareLinkService = ReturnType<typeof createShareLinkService>;
