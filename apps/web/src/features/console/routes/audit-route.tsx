import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_KEYS,
  STAFF_ROLE_LABELS,
  ZAuditQuery,
  auditActionStaffLabel,
  auditTargetTypeLabel,
  formatCorrections,
  type TAuditEntry,
  type TAuditQuery,
} from '@giot-hong/contract';
import { Filter, ScrollText, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { Field, fieldAria } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { auditExportPath, useAuditLog } from '../api/get-audit-log';
import { ExportButtons } from '../components/export-buttons';
import { useStaff } from '../api/get-staff';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { Pager } from '../../../components/ui/pager';
import { inputClass } from '../../../components/ui/input-class';
import { auditTargetHref } from '../lib/audit-links';
import { formatVnDateTime } from '../../../lib/vn-time';

/** What the filter form edits: a staff member (by id, chosen by name), an action or group, two days. */
type FilterValues = { actor: string; action: string; from: string; to: string };
/** A target chosen from a row ('Lọc theo đối tượng này'): never typed. */
type TargetFilter = { key: string; label: string };
const EMPTY: FilterValues = { actor: '', action: '', from: '', to: '' };

const roleLabel = (role: string) => STAFF_ROLE_LABELS[role] ?? role;

const toQuery = (f: FilterValues, target: TargetFilter | null, page: number): TAuditQuery => ({
  actor: f.actor ? Number(f.actor) : undefined,
  target: target?.key ?? '',
  action: f.action,
  from: f.from,
  to: f.to,
  page,
});

/** The contract's query schema checks the filters (the days: real days, at most 366 apart). */
const resolver: Resolver<FilterValues> = async (values) => {
  const parsed = ZAuditQuery.safeParse(toQuery(values, null, 0));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'from');
    errors[key === 'to' ? 'to' : key === 'actor' || key === 'action' ? key : 'from'] ??= {
      type: issue.code,
      message: issue.message,
    };
  }
  return { values: {}, errors };
};

/** /quan-tri/nhat-ky (ADMIN): the audit trail in words, newest first, with filters and a CSV export. */
// Reached only by an administrator: the route table puts this page under RoleGuard role="ADMIN".
export function Component() {
  usePageTitle('Nhật ký thao tác');
  const id = useId();
  const [filters, setFilters] = useState<FilterValues>(EMPTY);
  const [target, setTarget] = useState<TargetFilter | null>(null);
  const [page, setPage] = useState(0);
  const query = toQuery(filters, target, page);
  const list = useAuditLog(query);
  const staff = useStaff();
  const form = useForm<FilterValues>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const errors = form.formState.errors;
  const apply = form.handleSubmit((values) => {
    setPage(0);
    setFilters(values);
  });
  const filterByTarget = (e: TAuditEntry) => {
    setPage(0);
    setTarget({
      key: `${e.targetType}:${e.targetId}`,
      label: `${auditTargetTypeLabel(e.targetType)} “${e.targetName ?? `#${e.targetId}`}”`,
    });
  };

  return (
    <>
      <PageHeading title="Nhật ký thao tác" sub="Ai đã làm gì, với ai và khi nào — mới nhất trước.">
        <ExportButtons
          what="nhật ký thao tác"
          xlsx={auditExportPath(query, 'xlsx')}
          csv={auditExportPath(query, 'csv')}
        />
      </PageHeading>
      <form
        className={`${cardClass} mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-5`}
        onSubmit={apply}
        noValidate
        aria-label="Lọc nhật ký"
      >
        <Field id={`${id}-actor`} label="Người thực hiện" error={errors.actor?.message}>
          <select
            {...fieldAria(`${id}-actor`, errors.actor?.message)}
            {...form.register('actor')}
            className={inputClass}
          >
            <option value="">Tất cả</option>
            {(staff.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.username} (${roleLabel(s.role)}${s.enabled ? '' : ', đã khóa'})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-action`} label="Hành động" error={errors.action?.message}>
          <select
            {...fieldAria(`${id}-action`, errors.action?.message)}
            {...form.register('action')}
            className={inputClass}
          >
            <option value="">Tất cả</option>
            {AUDIT_ACTION_GROUPS.map((g) => (
              <optgroup key={g.prefix} label={g.label}>
                <option value={g.prefix}>{`${g.label}: mọi thao tác`}</option>
                {AUDIT_ACTION_KEYS.filter((a) => a.startsWith(g.prefix)).map((a) => (
                  <option key={a} value={a}>
                    {auditActionStaffLabel(a)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id={`${id}-from`} label="Từ ngày" error={errors.from?.message}>
          <input
            type="date"
            {...fieldAria(`${id}-from`, errors.from?.message)}
            {...form.register('from', { deps: ['to'] })}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-to`} label="Đến ngày" error={errors.to?.message}>
          <input
            type="date"
            {...fieldAria(`${id}-to`, errors.to?.message)}
            {...form.register('to', { deps: ['from'] })}
            className={inputClass}
          />
        </Field>
        <div className="flex items-end">
          <button type="submit" className={buttonPrimary}>
            <Filter aria-hidden className="size-5" />
            Lọc
          </button>
        </div>
        {target && (
          <p className="flex flex-wrap items-center gap-2 text-slate-800 sm:col-span-2 xl:col-span-5">
            <span>
              Đối tượng: <strong className="break-words">{target.label}</strong>
            </span>
            <button
              type="button"
              className={`${buttonSecondary} min-h-9 px-3 py-1 text-sm`}
              onClick={() => {
                setPage(0);
                setTarget(null);
              }}
            >
              <X aria-hidden className="size-4" />
              Bỏ lọc đối tượng
            </button>
          </p>
        )}
      </form>
      <section aria-label="Các thao tác" aria-busy={list.isFetching}>
        {list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ConsoleErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyView title="Không có thao tác nào" icon={ScrollText} />
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {list.data.data.map((e) => (
                <AuditRow key={e.id} e={e} onFilterTarget={target ? undefined : () => filterByTarget(e)} />
              ))}
            </ul>
            <Pager page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
          </>
        )}
      </section>
    </>
  );
}

/** One action in words: what, who, when, on what (a link to it), about which donor, and its detail. */
function AuditRow({ e, onFilterTarget }: { e: TAuditEntry; onFilterTarget?: () => void }) {
  const href = auditTargetHref(e);
  const targetText = `${auditTargetTypeLabel(e.targetType)}${e.targetName ? ` “${e.targetName}”` : e.targetId !== null ? ` #${e.targetId}` : ''}`;
  const showSubject =
    e.subjectUserId !== null && !(e.targetType === 'user' && e.targetId === e.subjectUserId);
  return (
    <li className={`${cardClass} flex flex-col gap-1 break-words`} data-audit-row={e.action}>
      <p className="font-semibold text-slate-900">{auditActionStaffLabel(e.action)}</p>
      <p className="text-slate-700">
        {formatVnDateTime(e.at)} · {e.actorName ?? 'Tài khoản đã xóa'} ({roleLabel(e.actorRole)})
      </p>
      <p className="text-slate-800">
        Đối tượng:{' '}
        {href ? (
          <Link to={href} className="font-medium text-brand-700 underline">
            {targetText}
          </Link>
        ) : (
          targetText
        )}
        {onFilterTarget && e.targetId !== null && (
          <>
            {' '}
            <button
              type="button"
              onClick={onFilterTarget}
              className="ml-1 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 underline hover:bg-brand-50"
            >
              Lọc theo đối tượng này<span className="sr-only">: {targetText}</span>
            </button>
          </>
        )}
      </p>
      {showSubject && (
        <p className="text-slate-800">
          Người hiến máu:{' '}
          <Link to={consolePaths.donor(e.subjectUserId!)} className="font-medium text-brand-700 underline">
            {e.subjectName ?? `#${e.subjectUserId}`}
          </Link>
        </p>
      )}
      {e.detailText && <p className="text-sm text-slate-700">{e.detailText}</p>}
      {e.corrections.length > 0 && (
        <p className="text-sm text-slate-800">
          <span className="font-medium">Thông tin đã sửa:</span> {formatCorrections(e.corrections)}
        </p>
      )}
    </li>
  );
}
