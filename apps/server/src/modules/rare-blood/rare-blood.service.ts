import {
  ErrorCode,
  isRareBloodGroup,
  RARE_BLOOD_LIST_MAX,
  RARE_BLOOD_MESSAGES as M,
  RARE_BLOOD_TEXTS as T,
  vnDayOf,
  type TAdminRareBloodQuery,
  type TRareBloodChange,
  type TRareBloodMembers,
  type TRareBloodState,
} from '@giot-hong/contract';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { nextEligibleDate } from '../appointments/last-donation.ts';
import { audit } from '../audit/audit.repository.ts';
import type { MemberRow, RareBloodRepository } from './rare-blood.repository.ts';

/** Gives or withdraws the club's consent inside the membership's transaction (data rights owns it). */
export type ClubConsent = (tx: Tx, userId: number, given: boolean, at: Date) => Promise<void>;

/** The names of a province and, optionally, one of its wards; undefined for an unknown code. */
export type PlaceNames = (
  provinceCode: string,
  wardCode?: string,
) => { province: string; ward?: string } | undefined;

const hoursOf = (m: Pick<MemberRow, 'callFrom' | 'callTo'>) =>
  m.callFrom && m.callTo ? { from: m.callFrom, to: m.callTo } : null;

/** 'street, ward, province' → 'ward, province': staff need where to reach a member, not the street. */
function placeOf(address: string | null): string | null {
  if (!address) return null;
  const parts = address.split(',').map((p) => p.trim());
  return parts.slice(-2).join(', ') || null;
}

/**
 * The rare-blood club. Joining needs a laboratory Rh-negative group and gives the RARE_BLOOD_CLUB
 * consent in the same transaction; leaving withdraws it (and withdrawing it on the privacy tab ends
 * the membership: data rights calls the repository's `remove`). Staff list one group's members,
 * each listing audited with every listed member as a subject (their "who saw my data").
 */
export function createRareBloodService(deps: {
  repo: RareBloodRepository;
  clock: Clock;
  consent: ClubConsent;
  placeNames: PlaceNames;
}) {
  const { repo, clock } = deps;

  async function state(userId: number): Promise<TRareBloodState> {
    const { labBloodGroup, member } = await repo.stateOf(userId);
    const eligible = isRareBloodGroup(labBloodGroup);
    return {
      eligible,
      reason: eligible ? null : M.notEligible,
      labBloodGroup,
      member: !!member,
      joinedAt: member?.joinedAt.toISOString() ?? null,
      onCall: member?.onCall ?? false,
      callHours: member ? hoursOf(member) : null,
    };
  }

  return {
    state,

    /** Joins, changes on call and hours, or leaves; answers the new state and what to say. */
    async change(
      userId: number,
      req: TRareBloodChange,
    ): Promise<{ state: TRareBloodState; message: string }> {
      const now = clock.now();
      const message = await repo.transaction(async (tx) => {
        const { labBloodGroup, member } = await repo.stateOf(userId, tx);
        if (!req.member) {
          // Leaving is always allowed, also after the laboratory group changed.
          await repo.remove(tx, userId);
          await deps.consent(tx, userId, false, now);
          return T.left;
        }
        if (!isRareBloodGroup(labBloodGroup)) throw new HttpError(ErrorCode.FORBIDDEN, M.notEligible);
        await repo.upsert(tx, { userId, onCall: req.onCall, callHours: req.callHours, at: now });
        await deps.consent(tx, userId, true, now);
        return member ? T.saved : T.joined;
      });
      return { state: await state(userId), message };
    },

    /** The members of one group (and place), with what a caller needs; audited, one row per listing. */
    async list(actor: Actor, q: TAdminRareBloodQuery): Promise<TRareBloodMembers> {
      const now = clock.now();
      let place: { province: string; ward?: string } | undefined;
      if (q.province) {
        place = deps.placeNames(q.province, q.ward);
        if (!place) throw badRequest(q.ward ? M.wardUnknown : M.provinceUnknown);
      } else if (q.ward) throw badRequest(M.wardUnknown);
      const rows = await repo.members({ group: q.group, ...place }, RARE_BLOOD_LIST_MAX + 1);
      const shown = rows.slice(0, RARE_BLOOD_LIST_MAX);
      const donations = await repo.donationsOf(shown.map((r) => r.userId));
      const members = shown.map((r) => {
        const own = donations.filter((d) => d.userId === r.userId && d.at);
        const last = own.reduce<Date | null>((a, d) => (!a || d.at! > a ? d.at! : a), null);
        return {
          userId: r.userId,
          fullName: r.fullName,
          group: r.group ?? q.group,
          place: placeOf(r.address),
          phone: r.phone,
          lastDonationDate: last ? vnDayOf(last) : null,
          nextEligibleDate: nextEligibleDate(own, now),
          onCall: r.onCall,
          callHours: hoursOf(r),
          joinedAt: r.joinedAt.toISOString(),
        };
      });
      await audit(repo.auditWriter, actor, 'rare-blood.list', { type: 'rare-blood', id: null }, now, {
        subjects: members.map((m) => m.userId),
        detail: {
          bloodGroup: q.group,
          province: q.province ?? null,
          ward: q.ward ?? null,
          results: members.length,
        },
      });
      return { members, truncated: rows.length > RARE_BLOOD_LIST_MAX };
    },

    /** What the data export carries of the club: the membership, or null. */
    async exportOf(userId: number) {
      const m = await repo.memberOf(userId);
      return m
        ? {
            joinedAt: m.joinedAt.toISOString(),
            onCall: m.onCall,
            callHours: hoursOf(m),
            updatedAt: m.updatedAt.toISOString(),
          }
        : null;
    },
  };
}
export type RareBloodService = ReturnType<typeof createRareBloodService>;
