import { HONOUR_TEXTS, honourProgress, type TExportTable, type THonoursMe } from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HonoursRepository } from './honours.repository.ts';

/** A milestone reached by a donation just recorded: the caller congratulates the donor once. */
export type NewAward = { userId: number; milestone: number; reachedOn: string };

/** How a donor is congratulated (a notification and an e-mail). */
export type HonourNotices = {
  notify(userId: number, milestone: number): Promise<unknown>;
  mail(userId: number, milestone: number): Promise<unknown>;
};

export function createHonoursService(deps: {
  notices?: HonourNotices;
  logError?: (err: unknown, msg: string) => void;
  repo: HonoursRepository;
  milestones: readonly number[];
  clock: Clock;
}) {
  const { repo, milestones } = deps;
  return {
    /**
     * After a donation is recorded (here or elsewhere), inside its transaction: stores the
     * milestones the donor's count has reached and returns those reached for the first time.
     * A correction that lowers the count keeps the awards already given (they were true then).
     */
    async awardAfterDonation(tx: Db, userId: number): Promise<NewAward[]> {
      const days = await repo.donationDays(tx, userId);
      const { reached } = honourProgress(
        milestones,
        days.map((d) => d.day),
      );
      const created = await repo.award(tx, userId, reached);
      return created.map((c) => ({ userId, ...c }));
    },

    /**
     * After the commit that created `awards`: a notification and an e-mail for each. The award row
     * is unique per donor and milestone, so each is congratulated exactly once.
     */
    async congratulate(awards: NewAward[]): Promise<void> {
      for (const a of awards) {
        await deps.notices
          ?.notify(a.userId, a.milestone)
          .catch((err) => deps.logError?.(err, 'milestone notification failed'));
        await deps.notices
          ?.mail(a.userId, a.milestone)
          .catch((err) => deps.logError?.(err, 'milestone mail failed'));
      }
    },

    /** GET /api/honours/me: the count, the badges with their dates, what remains to the next. */
    async mine(userId: number, db: Db): Promise<THonoursMe> {
      const days = await repo.donationDays(db, userId);
      const p = honourProgress(
        milestones,
        days.map((d) => d.day),
      );
      const awarded = new Map((await repo.awardsOf(userId)).map((a) => [a.milestone, a.reachedOn]));
      return {
        count: p.count,
        emergencyCount: days.filter((d) => d.emergency).length,
        reached: p.reached.map((r) => ({
          milestone: r.milestone,
          // The day stored when it was awarded; a later correction does not move it.
          reachedOn: awarded.get(r.milestone) ?? r.reachedOn,
          label: HONOUR_TEXTS.badge(r.milestone),
        })),
        next: p.next,
        remaining: p.remaining,
      };
    },

    /**
     * The ceremony list: donors who reached a milestone in [from, to] (the request schema checks
     * the range). Reading it and each export is audited, with every listed donor as a subject, so
     * it shows in their access log.
     */
    async listForPeriod(actor: Actor, q: { from: string; to: string }, as: 'list' | 'csv' | 'xlsx') {
      const rows = await repo.reachedInPeriod(q.from, q.to);
      await repo.auditList(
        actor,
        as === 'list' ? 'honours.view' : 'honours.export',
        [...new Set(rows.map((r) => r.userId))],
        { format: as, from: q.from, to: q.to },
        deps.clock.now(),
      );
      return rows;
    },

    /** The same list as an export table (CSV with BOM / .xlsx), the ceremony's order. */
    exportTable(rows: Awaited<ReturnType<HonoursRepository['reachedInPeriod']>>): TExportTable {
      return {
        sheet: 'Vinh danh',
        columns: [
          { header: 'Họ và tên', type: 'text' },
          { header: 'Ngày sinh', type: 'text' },
          { header: 'Điện thoại', type: 'text' },
          { header: 'Mốc vinh danh', type: 'number' },
          { header: 'Ngày đạt mốc', type: 'date' },
          { header: 'Tổng số lần hiến', type: 'number' },
          { header: 'Hiến máu khẩn cấp', type: 'number' },
        ],
        rows: rows.map((r) => [
          r.fullName ?? r.username,
          r.dob ?? '',
          r.mobile ?? '',
          r.milestone,
          r.reachedOn,
          r.count,
          r.emergencyCount,
        ]),
      };
    },
  };
}
export type HonoursService = ReturnType<typeof createHonoursService>;
