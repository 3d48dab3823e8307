import { UNIT_JOURNEY_TEXTS as T } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { journeyRows } from './journey';

const at = (step: string, on: string, hospital: string | null = null) =>
  ({ step, on, hospital }) as Parameters<typeof journeyRows>[0][number];

describe('journeyRows', () => {
  it('has nothing to show without a journey (no unit number)', () => {
    expect(journeyRows([])).toEqual([]);
  });

  it('shows a collected unit with the later steps still to come', () => {
    const rows = journeyRows([at('COLLECTED', '2026-11-02')]);
    expect(rows.map((r) => [r.label, r.on, r.state])).toEqual([
      [T.COLLECTED, '02/11/2026', 'done'],
      [T.TESTED, null, 'pending'],
      [T.PROCESSED, null, 'pending'],
      [T.ISSUED, null, 'pending'],
    ]);
  });

  it('gives every step its day and names the hospital it went to', () => {
    const rows = journeyRows([
      at('COLLECTED', '2026-11-02'),
      at('TESTED', '2026-11-03'),
      at('PROCESSED', '2026-11-04'),
      at('ISSUED', '2026-11-20', 'Bệnh viện Chợ Rẫy'),
    ]);
    expect(rows.map((r) => [r.step, r.on, r.detail])).toEqual([
      ['COLLECTED', '02/11/2026', null],
      ['TESTED', '03/11/2026', null],
      ['PROCESSED', '04/11/2026', null],
      ['ISSUED', '20/11/2026', T.issuedTo('Bệnh viện Chợ Rẫy')],
    ]);
    expect(rows.every((r) => r.state === 'done')).toBe(true);
  });

  it('keeps the steps in order whatever order the events came in, one row per hospital', () => {
    const rows = journeyRows([
      at('ISSUED', '2026-11-21', 'Bệnh viện Nhi Đồng 1'),
      at('COLLECTED', '2026-11-02'),
      at('ISSUED', '2026-11-20', 'Bệnh viện Chợ Rẫy'),
      at('TESTED', '2026-11-03'),
    ]);
    expect(rows.map((r) => [r.step, r.on])).toEqual([
      ['COLLECTED', '02/11/2026'],
      ['TESTED', '03/11/2026'],
      ['PROCESSED', null],
      ['ISSUED', '20/11/2026'],
      ['ISSUED', '21/11/2026'],
    ]);
  });

  it('ends a discarded unit gently, without awaiting the steps it will not reach', () => {
    const rows = journeyRows([
      at('COLLECTED', '2026-11-02'),
      at('TESTED', '2026-11-03'),
      at('DISCARDED', '2026-11-05'),
    ]);
    expect(rows.map((r) => [r.label, r.on, r.state])).toEqual([
      [T.COLLECTED, '02/11/2026', 'done'],
      [T.TESTED, '03/11/2026', 'done'],
      [T.DISCARDED, '05/11/2026', 'discarded'],
    ]);
    expect(rows.some((r) => r.on === null)).toBe(false);
  });

  it('tells what reached a hospital when part of the unit was sent and part discarded', () => {
    const rows = journeyRows([
      at('COLLECTED', '2026-11-02'),
      at('PROCESSED', '2026-11-04'),
      at('DISCARDED', '2026-11-30'),
      at('ISSUED', '2026-11-10', 'Bệnh viện Bạch Mai'),
    ]);
    expect(rows.map((r) => r.step)).toEqual(['COLLECTED', 'TESTED', 'PROCESSED', 'ISSUED']);
    expect(rows.at(-1)?.detail).toBe(T.issuedTo('Bệnh viện Bạch Mai'));
  });
});
