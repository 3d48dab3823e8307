import { vnDayOf, type TDashboard, type TDashboardQuery } from '@giot-hong/contract';
import { VN_OFFSET_MS } from '../../lib/vn-time.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

const DAY_MS = 86_400_000;
/** Midnight in Vietnam starting a yyyy-mm-dd day. */
const vnDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - VN_OFFSET_MS);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of a day's week (yyyy-mm-dd). */
const mondayOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

export function createDashboardService(deps: { repo: DashboardRepository }) {
  const { repo } = deps;
  return {
    /** The figures of the days `from` … `to` (Vietnam), both included. */
    async figures(q: TDashboardQuery): Promise<TDashboard> {
      const period = { start: vnDayStart(q.from), end: vnDayStart(addDays(q.to, 1)) };
      const [perDay, groups, units, outcomes, perWeek] = await Promise.all([
        repo.registrationsPerDay(period),
        repo.bloodGroups(period),
        repo.unitsPerCampaign(period),
        repo.outcomes(period),
        repo.newVerifiedDonorsPerWeek(period),
      ]);
      const byDay = new Map(perDay.map((r) => [r.day, Number(r.n)]));
      const registrationsPerDay: TDashboard['registrationsPerDay'] = [];
      for (let d = q.from; d <= q.to; d = addDays(d, 1))
        registrationsPerDay.push({ day: d, registrations: byDay.get(d) ?? 0 });
      const byWeek = new Map(perWeek.map((r) => [r.week, Number(r.n)]));
      const newVerifiedDonorsPerWeek: TDashboard['newVerifiedDonorsPerWeek'] = [];
      for (let w = mondayOf(q.from); w <= q.to; w = addDays(w, 7))
        newVerifiedDonorsPerWeek.push({ week: w, donors: byWeek.get(w) ?? 0 });
      return {
        from: q.from,
        to: q.to,
        registrationsPerDay,
        bloodGroups: groups.map((g) => ({
          bloodGroup: g.blood_group,
          registrants: Number(g.registrants),
          donors: Number(g.donors),
        })),
        unitsPerCampaign: units.map((u) => ({
          campaignId: Number(u.id),
          name: u.name,
          day: vnDayOf(u.organize_time),
          target: Number(u.target),
          collected: Number(u.collected),
        })),
        outcomes: {
          recorded: Number(outcomes.recorded),
          done: Number(outcomes.done),
          deferred: Number(outcomes.deferred),
          noShow: Number(outcomes.no_show),
        },
        newVerifiedDonorsPerWeek,
      };
    },
  };
}
