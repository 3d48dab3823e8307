import {
  DONOR_STATUS,
  DONOR_ADMIN_MESSAGES as M,
  maskCardId,
  maskDob,
  vnDayOf,
  vnDayStart,
  type TAdminDonor,
  type TAdminDonorListItem,
  type TDonationType,
  type TPage,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import type { HonoursService } from '../honours/honours.service.ts';
import { page } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { audit, recordListView } from '../audit/audit.repository.ts';
import { parseDonorSearch } from './donor-search.ts';
import type { Actor } from '../../lib/actor.ts';
import { DONOR_PAGE_SIZE, type DonorsAdminRepository } from './donors-admin.repository.ts';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function createDonorsAdminService(deps: {
  repo: DonorsAdminRepository;
  clock: Clock;
  /** Honours count donations elsewhere too: a milestone reached by one is awarded with it. */
  honours?: Pick<HonoursService, 'awardAfterDonation' | 'congratulate'>;
}) {
  const { repo, clock } = deps;

  async function donorOrThrow(id: number) {
    const found = await repo.donor(id);
    if (!found) throw notFound(M.donorNotFound);
    return found;
  }

  return {
    /**
     * The search list: ID numbers and birth dates masked, names and contact details in full, so
     * each search is an audit row and each donor it shows gets a row in their access log. An
     * empty search lists every donor, page by page: audited the same way.
     */
    async search(
      actor: Actor,
      search: string | undefined,
      pageNo: number,
    ): Promise<TPage<TAdminDonorListItem>> {
      const parsed = search ? parseDonorSearch(search) : undefined;
      const { rows, total } = await repo.search(parsed, pageNo);
      await recordListView(
        repo.auditWriter,
        {
          actor,
          action: 'donor.search',
          target: { type: 'donor-search', id: null },
          subjects: rows.map((r) => r.id),
          requestId: actor.requestId,
          detail: { kind: parsed?.kind ?? 'all', results: total },
        },
        clock.now(),
      );
      return page(
        rows.map((r) => ({
          id: r.id,
          username: r.username,
          email: r.email,
          fullName: r.fullName,
          mobile: r.mobile,
          cardId: maskCardId(r.cardId),
          dob: maskDob(r.dob),
          status: r.status ?? DONOR_STATUS.NONE,
          reviewOutcome: r.reviewOutcome ?? null,
        })),
        pageNo,
        DONOR_PAGE_SIZE,
        total,
      );
    },

    /** The donor page: everything in full, so every view is an audit row. */
    async get(actor: Actor, id: number): Promise<TAdminDonor> {
      const { user, profile: p } = await donorOrThrow(id);
      const [extracts, appts, elsewhere] = await Promise.all([
        repo.extracts(id),
        repo.appointments(id),
        repo.externalDonations(id),
      ]);
      const feedback = await repo.feedback(appts.map((a) => a.id));
      await audit(repo.auditWriter, actor, 'donor.view', { type: 'user', id }, clock.now(), {
        subjectUserId: id,
      });
      const donations = [
        ...appts
          .filter((a) => (a.status === 'DONE' || a.status === 'COMPLETED') && a.donatedAt)
          .map((a) => ({
            date: a.donatedAt!.toISOString(),
            donationType: a.donationType,
            volumeMl: a.volumeMl,
            place: a.campaignName,
            elsewhere: false,
          })),
        ...elsewhere.map((e) => ({
          date: e.donatedAt.toISOString(),
          donationType: e.donationType,
          volumeMl: null,
          place: e.place,
          elsewhere: true,
        })),
      ].sort((a, b) => b.date.localeCompare(a.date));
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        enabled: user.enabled,
        createdAt: user.createdAt.toISOString(),
        status: p?.status ?? DONOR_STATUS.NONE,
        profile: {
          fullName: p?.fullName ?? null,
          cardId: p?.cardId ?? null,
          dob: p?.dob ?? null,
          gender: p?.gender ?? null,
          mobile: p?.mobile ?? null,
          contactEmail: p?.contactEmail ?? null,
          addressContact: p?.addressContact ?? null,
          address: p?.address ?? null,
          bloodGroup: p?.bloodGroup ?? null,
          labBloodGroup: p?.labBloodGroup ?? null,
          labBloodGroupAt: iso(p?.labBloodGroupAt),
          verifiedAt: iso(p?.verifiedAt),
          reviewOutcome: p?.reviewOutcome ?? null,
          reviewReason: p?.reviewReason ?? null,
        },
        verifications: extracts.map((e) => ({
          extractId: e.id,
          createdAt: e.createdAt.toISOString(),
          confirmedAt: iso(e.confirmedAt),
          reviewRequestedAt: iso(e.reviewRequestedAt),
          reviewOutcome: e.reviewOutcome,
          reviewReason: e.reviewReason,
          reviewedAt: iso(e.reviewedAt),
        })),
        appointments: appts.map((a) => ({
          id: a.id,
          campaignName: a.campaignName,
          organizeTime: a.organizeTime.toISOString(),
          status: a.status,
          donationType: a.donationType,
          volumeMl: a.volumeMl,
          deferralReason: a.deferralReason,
          deferralText: a.deferralText,
          deferredUntil: a.deferredUntil ? vnDayOf(a.deferredUntil) : null,
        })),
        donations,
        feedback: feedback.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      };
    },

    /** The laboratory's blood group; the self-declared one stays as the donor typed it. */
    async setLabBloodGroup(actor: Actor, id: number, bloodGroup: string) {
      await donorOrThrow(id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.setLabBloodGroup(tx, id, bloodGroup, now);
        await audit(tx, actor, 'donor.lab-blood-group', { type: 'user', id }, now, {
          subjectUserId: id,
          detail: { bloodGroup },
        });
      });
      return this.get(actor, id);
    },

    /** A donation made elsewhere: the interval rule counts it from that day (Vietnam). */
    async addExternalDonation(
      actor: Actor,
      id: number,
      req: { date: string; donationType: TDonationType; place: string },
    ) {
      await donorOrThrow(id);
      const now = clock.now();
      const awards = await repo.transaction(async (tx) => {
        const donationId = await repo.insertExternalDonation(tx, {
          userId: id,
          donatedAt: vnDayStart(req.date),
          donationType: req.donationType,
          place: req.place,
          recordedBy: actor.id,
          createdAt: now,
        });
        await audit(tx, actor, 'donor.external-donation', { type: 'user', id }, now, {
          subjectUserId: id,
          detail: { externalDonationId: donationId, donationType: req.donationType },
        });
        return (await deps.honours?.awardAfterDonation(tx, id)) ?? [];
      });
      await deps.honours?.congratulate(awards);
      return this.get(actor, id);
    },
  };
}
export type DonorsAdminService = ReturnType<typeof createDonorsAdminService>;
