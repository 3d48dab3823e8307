import { describe, expect, it } from 'vitest';
import { headlineFigures } from './dashboard-figures';

describe('the overview’s headline figures', () => {
  it('adds the period’s registrations, donations and units against the targets', () => {
    expect(
      headlineFigures({
        from: '2026-11-01',
        to: '2026-11-03',
        registrationsPerDay: [
          { day: '2026-11-01', registrations: 4 },
          { day: '2026-11-02', registrations: 0 },
          { day: '2026-11-03', registrations: 7 },
        ],
        bloodGroups: [],
        unitsPerCampaign: [
          { campaignId: 1, name: 'A', day: '2026-11-02', target: 150, collected: 96 },
          { campaignId: 2, name: 'B', day: '2026-11-03', target: 80, collected: 12 },
        ],
        outcomes: { recorded: 120, done: 108, deferred: 7, noShow: 5 },
        newVerifiedDonorsPerWeek: [],
      }),
    ).toEqual({ registrations: 11, donations: 108, unitsCollected: 108, unitsTarget: 230 });
  });
});
