import {
  hasControlCharacters,
  parseCsv,
  UNIT_EVENT_BATCH_MAX,
  UNIT_EVENT_CSV_COLUMNS,
  UNIT_IMPORT_MESSAGES as M,
} from '@giot-hong/contract';
import { badRequest } from '../../lib/http-error.ts';
import type { ReceivedEvent } from './unit-events.service.ts';

type Column = (typeof UNIT_EVENT_CSV_COLUMNS)[number];

/** Every event has these; the others belong to one type each and may be left out of a file. */
const REQUIRED: readonly Column[] = ['event_id', 'unit_number', 'type', 'at'];

/** The event's field each column fills (and back, to name a field in a refusal as the file does). */
const FIELD_OF: Record<Column, string> = {
  event_id: 'eventId',
  unit_number: 'unitNumber',
  type: 'type',
  at: 'at',
  blood_group: 'bloodGroup',
  screening: 'screening',
  components: 'components',
  hospital: 'hospital',
  issued_on: 'issuedOn',
  reason: 'reason',
};
const COLUMN_OF = new Map(Object.entries(FIELD_OF).map(([column, field]) => [field, column]));

/** A refused field named by its column ('components.0' → 'components'). */
export const csvFieldName = (path: string) => COLUMN_OF.get(path.split('.')[0]!) ?? path;

/**
 * A staff member's CSV file of unit events, judged by its content (not its name or type): UTF-8
 * text, a header row naming at least the common columns (any order, any case), at most
 * UNIT_EVENT_BATCH_MAX rows. Each row becomes the event the API would take, numbered by its line
 * (the header is line 1); empty cells are absent fields, `components` is split on '|'.
 */
export function readUnitEventCsv(file: Buffer): ReceivedEvent[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest(M.notCsv);
  }
  // A binary file can decode as UTF-8; text has no NUL and no other control but tab and breaks.
  if (hasControlCharacters(text)) throw badRequest(M.notCsv);
  const [header, ...rows] = parseCsv(text);
  if (!header) throw badRequest(M.notCsv);
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const known = names.filter((n): n is Column => (UNIT_EVENT_CSV_COLUMNS as readonly string[]).includes(n));
  if (known.length === 0) throw badRequest(M.notCsv);
  const missing = REQUIRED.filter((c) => !known.includes(c));
  if (missing.length > 0) throw badRequest(M.missingColumns(missing.join(', ')));
  if (rows.length > UNIT_EVENT_BATCH_MAX) throw badRequest(M.tooManyRows);
  return rows.map((row) => {
    const value: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = row.cells[i]?.trim() ?? '';
      if (!cell || !(name in FIELD_OF)) return;
      const field = FIELD_OF[name as Column];
      value[field] =
        name === 'components'
          ? cell
              .split('|')
              .map((c) => c.trim())
              .filter(Boolean)
          : cell;
    });
    return { index: row.line, value };
  });
}
