import type { TDashboard } from '@giot-hong/contract';

export type THeadlineFigures = {
  registrations: number;
  donations: number;
  unitsCollected: number;
  unitsTarget: number;
};

/**
 * The overview's first numbers for the period: registrations made, donations recorded, and units
 * collected against the target of the campaigns held (the same definitions as the charts below).
 */
export function headlineFigures(d: TDashboard): THeadlineFigures {
  return {
    registrations: d.registrationsPerDay.reduce((n, r) => n + r.registrations, 0),
    donations: d.outcomes.done,
    unitsCollected: d.unitsPerCampaign.reduce((n, c) => n + c.collected, 0),
    unitsTarget: d.unitsPerCampaign.reduce((n, c) => n + c.target, 0),
  };
}
