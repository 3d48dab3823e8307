import type { TCampaign } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import type { CampaignRepository, CampaignRow } from './campaign.repository.ts';

export function toCampaignDto(r: CampaignRow): TCampaign {
  return {
    id: r.id,
    name: r.name,
    location: r.location,
    organizeTime: r.organizeTime.toISOString(),
    startReceiveTime: r.startReceiveTime.toISOString(),
    endReceiveTime: r.endReceiveTime.toISOString(),
    description: r.description,
    appointmentCount: r.appointmentCount,
    targetBloodUnits: r.targetBloodUnits,
    questionSetId: r.questionSetId,
    imageUrl: r.imageUrl,
  };
}

export function createCampaignService(deps: { repo: CampaignRepository; clock: Clock }) {
  return {
    async listOpen(): Promise<TCampaign[]> {
      const rows = await deps.repo.listOpen(deps.clock.now());
      return rows.map(toCampaignDto);
    },
  };
}
