import { zodResolver } from '@hookform/resolvers/zod';
import {
  STOCK_LEVEL_LABELS,
  STOCK_LEVELS,
  STOCK_LIMITS,
  STOCK_TEXTS as T,
  stockGroupLabel,
  ZStockUpdateRequest,
  type TAdminStockBoard,
  type TAdminStockEntry,
  type TStockLevel,
  type TStockUpdate,
  type TStockUpdateRequest,
} from '@giot-hong/contract';
import { useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useSaveStock } from '../api/save-stock';
import { cardClass } from './console-ui';

type Values = TStockUpdateRequest;

/** The form's rows: every group in the board's order; '' is "no level chosen yet" (refused on save). */
const valuesOf = (board: TAdminStockBoard): Values => ({
  levels: board.groups.map((g) => ({
    group: g.group,
    level: (g.level ?? '') as TStockLevel,
    note: g.note ?? '',
  })),
});

/** 'Cập nhật lần cuối: 22/11/2026 09:00 · Hội … (canbo)', or that it was never set. */
function lastSetting(g: TAdminStockEntry) {
  if (!g.updatedAt) return T.never;
  const who = g.updatedByAccount ? `${g.updatedBy} (${g.updatedByAccount})` : g.updatedBy;
  return `${formatVnDateTime(g.updatedAt)} · ${who}${g.stale ? ` · ${T.stale}` : ''}`;
}

/**
 * The eight groups' levels and notes in one form, saved together: a save confirms every level
 * shown, so the board's 'chưa cập nhật' clock starts again for all of them.
 */
export function StockForm({ board }: { board: TAdminStockBoard }) {
  const id = useId();
  const save = useSaveStock();
  const form = useForm<Values, unknown, TStockUpdate>({
    resolver: zodResolver(ZStockUpdateRequest),
    defaultValues: valuesOf(board),
    ...FORM_VALIDATION,
  });
  useUnsavedChanges(form.formState.isDirty);
  const errors = form.formState.errors.levels;
  const fields = board.groups.flatMap((_, i) => [`levels.${i}.level`, `levels.${i}.note`] as Path<Values>[]);

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (r) => {
        toast.success(r.message);
        form.reset(valuesOf(r.data));
      },
      onError: (err) => applyServerErrors(err, form.setError, fields),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <ul className="grid gap-3 md:grid-cols-2">
        {board.groups.map((g, i) => {
          const levelError = errors?.[i]?.level?.message;
          const noteError = errors?.[i]?.note?.message;
          const rowId = `${id}-${i}`;
          return (
            <li key={g.group} className={cardClass}>
              <h2 className="text-lg font-bold text-slate-900">
                <span className="sr-only">{T.groupColumn} </span>
                {stockGroupLabel(g.group)}
              </h2>
              <div className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr]">
                <Field id={`${rowId}-level`} label={T.levelLabel(g.group)} error={levelError} required>
                  <select
                    {...fieldAria(`${rowId}-level`, levelError, true)}
                    {...form.register(`levels.${i}.level`)}
                    className={inputClass}
                  >
                    <option value="">{T.levelPlaceholder}</option>
                    {STOCK_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {STOCK_LEVEL_LABELS[l]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={`${rowId}-note`} label={T.noteLabel(g.group)} error={noteError}>
                  <input
                    {...fieldAria(`${rowId}-note`, noteError)}
                    {...form.register(`levels.${i}.note`)}
                    maxLength={STOCK_LIMITS.noteMax}
                    className={inputClass}
                  />
                </Field>
              </div>
              <p className="mt-2 text-sm text-slate-600">
                {T.lastUpdate}: {lastSetting(g)}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonPrimary} disabled={save.isPending}>
          {T.save}
        </button>
        <p className="text-sm text-slate-600">{T.saveHint}</p>
      </div>
    </form>
  );
}
