import { describe, expect, it } from 'vitest';
import { slotPreview } from './slot-preview';

const form = {
  date: '2026-12-05',
  startTime: '07:30',
  endTime: '09:15',
  slotMinutes: '30',
  slotCapacity: '',
  targetBloodUnits: '150',
};

describe('the slots a campaign form makes', () => {
  it('divides the window by the slot length, the last slot shorter, the target spread over them', () => {
    expect(slotPreview(form)).toEqual({
      labels: ['07:30 – 08:00', '08:00 – 08:30', '08:30 – 09:00', '09:00 – 09:15'],
      capacity: 38,
      total: 152,
      belowTarget: false,
    });
  });

  it('warns when the places entered are fewer than the target', () => {
    expect(slotPreview({ ...form, slotCapacity: '20' })).toMatchObject({
      capacity: 20,
      total: 80,
      belowTarget: true,
    });
    expect(slotPreview({ ...form, slotCapacity: '40' })).toMatchObject({ total: 160, belowTarget: false });
  });

  it('shows nothing for an incomplete or inverted window or a length out of range', () => {
    expect(slotPreview({ ...form, endTime: '' })).toBeNull();
    expect(slotPreview({ ...form, endTime: '07:00' })).toBeNull();
    expect(slotPreview({ ...form, slotMinutes: '5' })).toBeNull();
    expect(slotPreview({ ...form, date: '2026-02-30' })).toBeNull();
  });
});
