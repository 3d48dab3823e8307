import { UNIT_EVENT_REFUSALS, UNIT_IMPORT_PAGE_TEXTS } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { problemRows } from './unit-import';

describe('problemRows', () => {
  it('lists the lines not recorded, in the file order, with the reason or the duplicate words', () => {
    const rows = problemRows({
      results: [
        {
          index: 5,
          eventId: 'E-5',
          outcome: 'REFUSED',
          reason: 'UNKNOWN_UNIT',
          message: UNIT_EVENT_REFUSALS.UNKNOWN_UNIT,
        },
        { index: 2, eventId: 'E-2', outcome: 'ACCEPTED', reason: null, message: null },
        { index: 3, eventId: 'E-3', outcome: 'DUPLICATE', reason: null, message: null },
        { index: 4, eventId: 'E-4', outcome: 'ACCEPTED', reason: null, message: null },
      ],
    });
    expect(rows).toEqual([
      { line: 3, eventId: 'E-3', outcome: 'DUPLICATE', message: UNIT_IMPORT_PAGE_TEXTS.duplicate },
      { line: 5, eventId: 'E-5', outcome: 'REFUSED', message: UNIT_EVENT_REFUSALS.UNKNOWN_UNIT },
    ]);
  });

  it('is empty when every line was recorded', () => {
    expect(
      problemRows({
        results: [{ index: 2, eventId: 'E-1', outcome: 'ACCEPTED', reason: null, message: null }],
      }),
    ).toEqual([]);
  });
});
