import {
  UNIT_IMPORT_MESSAGES,
  UNIT_IMPORT_PAGE_TEXTS as T,
  type TUnitEventBatchResult,
} from '@giot-hong/contract';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonPrimary } from '../../../components/ui/buttons';
import { FieldError } from '../../../components/ui/field';
import { FilePickerButton } from '../../../components/ui/file-picker-button';
import { errorMessage } from '../../../lib/api-errors';
import { useImportUnitEvents } from '../api/import-unit-events';
import { cardClass } from './console-ui';
import { UnitImportReport } from './unit-import-report';

/**
 * Choosing the file uploads it at once (one step for staff); the report of the last upload stays
 * until the next one. A file the server refuses as a whole (not CSV, columns missing, too many
 * lines) is said under the button; the line-by-line refusals are in the report.
 */
export function UnitImportForm() {
  const id = useId();
  const [progress, setProgress] = useState(0);
  const upload = useImportUnitEvents(setProgress);
  const [report, setReport] = useState<{ fileName: string; result: TUnitEventBatchResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (file: File) => {
    setProgress(0);
    setError(null);
    setReport(null);
    upload.mutate(file, {
      onSuccess: (r) => setReport({ fileName: file.name, result: r.data }),
      onError: (err) => setError(errorMessage(err, UNIT_IMPORT_MESSAGES.notCsv)),
    });
  };
  return (
    <>
      <div className={cardClass}>
        <FilePickerButton
          accept=".csv,text/csv"
          onFile={send}
          disabled={upload.isPending}
          className={buttonPrimary}
          describedBy={error ? `${id}-error` : undefined}
          inputId={`${id}-file`}
        >
          <Upload aria-hidden className="size-5" />
          {upload.isPending ? `${T.uploading} ${Math.round(progress * 100)}%` : T.pick}
        </FilePickerButton>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {report && <UnitImportReport fileName={report.fileName} result={report.result} />}
    </>
  );
}
