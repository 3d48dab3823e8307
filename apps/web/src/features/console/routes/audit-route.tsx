import { formatCorrections, type TAuditQuery } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../auth/api/get-me';
import { auditExportPath, useAuditLog } from '../api/identity-admin';
import { ExportButtons } from '../components/export-buttons';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, inputClass, PageHeading } from '../components/console-ui';
import { formatShortTime } from '../lib/console-format';

type Filters = { actor: string; target: string; action: string; from: string; to: string };
const EMPTY: Filters = { actor: '', target: '', action: '', from: '', to: '' };

const toQuery = (f: Filters, page: number): TAuditQuery => ({
  actor: f.actor ? Number(f.actor) : undefined,
  target: f.target.trim(),
  action: f.action.trim(),
  from: f.from,
  to: f.to,
  page,
});

/** /quan-tri/nhat-ky (ADMIN): the audit trail, newest first, with filters and a CSV export. */
export function Component() {
  usePageTitle('Nhật ký thao tác');
  const me = useMe();
  if (me.data && me.data.role !== 'ADMIN')
    return (
      <>
        <PageHeading title="Nhật ký thao tác" />
        <p className={cardClass}>Chỉ quản trị viên mới xem được nhật ký thao tác.</p>
      </>
    );
  return <AuditPage />;
}

function AuditPage() {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(0);
  const query = toQuery(filters, page);
  const list = useAuditLog(query);
  const field = (key: keyof Filters, label: string, type = 'text', extra: object = {}) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        className={inputClass}
        autoComplete="off"
        {...extra}
      />
    </div>
  );
  return (
    <>
      <PageHeading title="Nhật ký thao tác">
        <ExportButtons
          what="nhật ký thao tác"
          xlsx={auditExportPath(query, 'xlsx')}
          csv={auditExportPath(query, 'csv')}
        />
      </PageHeading>
      <form
        className={`${cardClass} mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6`}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setFilters(draft);
        }}
        aria-label="Lọc nhật ký"
      >
        {field('actor', 'Mã người thực hiện', 'text', { inputMode: 'numeric', pattern: '[0-9]*' })}
        {field('target', 'Đối tượng (vd. user:12)')}
        {field('action', 'Hành động (vd. identity.)')}
        {field('from', 'Từ ngày', 'date')}
        {field('to', 'Đến ngày', 'date')}
        <div className="flex items-end">
          <button type="submit" className={buttonPrimary}>
            Lọc
          </button>
        </div>
      </form>
      <section aria-label="Các thao tác" aria-busy={list.isFetching}>
        {list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ConsoleErrorView onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyView title="Không có thao tác nào" />
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {list.data.data.map((e) => (
                <li key={e.id} className={`${cardClass} break-words`}>
                  <p className="font-semibold text-slate-900">{e.action}</p>
                  <p className="text-slate-700">
                    {formatShortTime(e.at)} · {e.actorName ?? `#${e.actorId ?? '?'}`} ({e.actorRole}) ·{' '}
                    {e.targetType}
                    {e.targetId !== null ? `:${e.targetId}` : ''}
                  </p>
                  {e.detail && <p className="font-mono text-sm text-slate-700">{e.detail}</p>}
                  {e.corrections.length > 0 && (
                    <p className="text-sm text-slate-800">
                      <span className="font-medium">Thông tin đã sửa:</span>{' '}
                      {formatCorrections(e.corrections)}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <nav aria-label="Phân trang" className="mt-4 flex items-center gap-2">
              <button
                type="button"
                className={buttonSecondary}
                disabled={page === 0}
                onClick={() => setPage(page - 1)}
              >
                Trang trước
              </button>
              <span className="text-slate-700">
                Trang {page + 1}/{Math.max(1, list.data.totalPages)}
              </span>
              <button
                type="button"
                className={buttonSecondary}
                disabled={page + 1 >= list.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Trang sau
              </button>
            </nav>
          </>
        )}
      </section>
    </>
  );
}
