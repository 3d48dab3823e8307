import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { buttonSecondary } from '../../../components/ui/buttons';
import { useDownloadExport } from '../api/download-export';
import { errorMessage } from '../../../lib/api-errors';

/**
 * The two ways to take a list to a spreadsheet: Excel (.xlsx: phones as text, dates as dates,
 * whatever the computer's regional settings) and CSV (for other tools). `what` names the list for
 * screen readers and the error toast.
 */
export function ExportButtons({ csv, xlsx, what }: { csv?: string; xlsx: string; what: string }) {
  const download = useDownloadExport();
  const get = (path: string) =>
    download.mutate(path, {
      onError: (e) => toast.error(`Không tải được ${what}`, { description: errorMessage(e) }),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonSecondary}
        disabled={download.isPending}
        onClick={() => get(xlsx)}
        aria-label={`Tải Excel: ${what}`}
      >
        <Download aria-hidden className="size-5" />
        Tải Excel
      </button>
      {csv && (
        <button
          type="button"
          className={buttonSecondary}
          disabled={download.isPending}
          onClick={() => get(csv)}
          aria-label={`Tải CSV: ${what}`}
        >
          <Download aria-hidden className="size-5" />
          Tải CSV
        </button>
      )}
    </div>
  );
}
