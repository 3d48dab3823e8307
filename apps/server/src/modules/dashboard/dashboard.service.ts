import {
  addDays,
  daysBetween,
  vnDayOf,
  vnDayStart,
  type TDashboard,
  type TDashboardQuery,
} from '@giot-hong/contract';
import type { DashboardRepository } from './dashboard.repository.ts';

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
      // Whole day numbers with a cap (daysBetween), never a loop on date strings.
      const registrationsPerDay = daysBetween(q.from, q.to).map((day) => ({
        day,
        registrations: byDay.get(day) ?? 0,
      }));
      const byWeek = new Map(perWeek.map((r) => [r.week, Number(r.n)]));
      const newVerifiedDonorsPerWeek = daysBetween(mondayOf(q.from), q.to, 7).map((week) => ({
        week,
        donors: byWeek.get(week) ?? 0,
      }));
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
