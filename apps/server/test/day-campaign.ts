import { ADMIN_CAMPAIGN_API } from '@giot-hong/contract';
import { expect } from 'vitest';
import { vnAt } from './appeals.ts';
import type { TestContext } from './helper.ts';

/**
 * A campaign on the test clock's day, made by staff through the console's API (the demo question
 * set), receiving from `from` to `to` Vietnam time: the day the day-desk tests fill with bookings.
 * Answers its id.
 */
export async function createDayCampaign(
  t: TestContext,
  staff: Record<string, string>,
  o: { name: string; from: string; to: string; targetBloodUnits: number },
): Promise<number> {
  const created = await t.request({
    method: 'POST',
    url: ADMIN_CAMPAIGN_API.campaigns,
    headers: staff,
    payload: {
      name: o.name,
      location: 'Nhà văn hóa Thanh niên, 4 Phạm Ngọc Thạch',
      organizeTime: vnAt(t, 0, '07:00').toISOString(),
      startReceiveTime: vnAt(t, 0, o.from).toISOString(),
      endReceiveTime: vnAt(t, 0, o.to).toISOString(),
      description: '',
      targetBloodUnits: o.targetBloodUnits,
      questionSetId: 1,
    },
  });
  expect(created.status, created.body.message).toBe(200);
  return created.body.data.id;
}
