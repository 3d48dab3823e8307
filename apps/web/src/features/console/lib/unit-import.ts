import { UNIT_IMPORT_PAGE_TEXTS, type TUnitEventBatchResult } from '@giot-hong/contract';

/** One line of an uploaded file that was not recorded, as the report lists it. */
export type TImportProblem = {
  /** The line in the file (the header is line 1). */
  line: number;
  eventId: string | null;
  outcome: 'DUPLICATE' | 'REFUSED';
  message: string;
};

/**
 * The lines of an import that were not recorded, in the file's order: refused ones with the
 * server's reason, duplicates with the server's words or, when it sent none, the page's own. For an
 * import the server's `index` is the CSV line number already (the header counts as line 1).
 */
export function problemRows(result: Pick<TUnitEventBatchResult, 'results'>): TImportProblem[] {
  return result.results
    .filter((r) => r.outcome !== 'ACCEPTED')
    .map((r) => ({
      line: r.index,
      eventId: r.eventId,
      outcome: r.outcome as TImportProblem['outcome'],
      message: r.message ?? (r.outcome === 'DUPLICATE' ? UNIT_IMPORT_PAGE_TEXTS.duplicate : ''),
    }))
    .sort((a, b) => a.line - b.line);
}
