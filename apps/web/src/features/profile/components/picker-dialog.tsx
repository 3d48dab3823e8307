import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { inputClass } from '../../../components/ui/input-class';
import { FieldError } from '../../../components/ui/field';
import { OptionList } from './option-list';
import { ConfirmForm, ProfileDialog, type ProfileDialogProps } from './profile-dialog';

/** What a picker lists and what confirming it yields. */
export type PickerList<TItem, TValue extends string | number, TResult, TKey extends QueryKey> = {
  /** The dialog's title, which also names the list for screen readers. */
  title: string;
  /** The radios' name, and the prefix of the list's ids. */
  name: string;
  /** The items, fetched while the dialog is open. */
  query: UseQueryOptions<TItem[], Error, TItem[], TKey>;
  loadErrorMessage: string;
  toOption: (item: TItem) => { value: TValue; label: string };
  /** What confirming the selection yields; undefined when it is no choice. */
  choose: (selected: TValue, items: readonly TItem[]) => TResult | undefined;
  /** Shown when confirming without a choice. */
  requiredMessage: string;
  /** A text field above the list that narrows it. */
  search?: { label: string; placeholder: string; filter: (items: TItem[], query: string) => TItem[] };
};

/** A dialog that picks one item of a fetched list; confirming needs a choice. */
export function PickerDialog<TItem, TValue extends string | number, TResult, TKey extends QueryKey>({
  open,
  onOpenChange,
  initial,
  onConfirm,
  ...list
}: ProfileDialogProps<TValue | null, TResult> & PickerList<TItem, TValue, TResult, TKey>) {
  return (
    <ProfileDialog open={open} onOpenChange={onOpenChange} title={list.title} onConfirm={onConfirm}>
      {(confirm) => <PickerForm initial={initial} list={list} onConfirm={confirm} />}
    </ProfileDialog>
  );
}

function PickerForm<TItem, TValue extends string | number, TResult, TKey extends QueryKey>({
  initial,
  list: { title, name, query, loadErrorMessage, toOption, choose, requiredMessage, search },
  onConfirm,
}: {
  initial: TValue | null;
  list: PickerList<TItem, TValue, TResult, TKey>;
  onConfirm: (result: TResult) => void;
}) {
  const items = useQuery(query);
  const [filterText, setFilterText] = useState('');
  const [selected, setSelected] = useState<TValue | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const all = items.data ?? [];
  const visible = search ? search.filter(all, filterText) : all;
  const errorId = `${name}-picker-error`;

  return (
    <ConfirmForm
      onSubmit={() => {
        const result = selected === null ? undefined : choose(selected, all);
        if (result === undefined) setError(requiredMessage);
        else onConfirm(result);
      }}
    >
      {search && (
        <div>
          <label htmlFor={`${name}-search`} className="mb-1 block text-sm font-medium text-slate-700">
            {search.label}
          </label>
          <input
            id={`${name}-search`}
            type="search"
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            // Enter in the search box only searches: it must not submit the form (confirm the picker).
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            placeholder={search.placeholder}
            autoComplete="off"
            className={inputClass}
          />
        </div>
      )}
      {items.isPending ? (
        <LoadingView />
      ) : items.isError ? (
        <p role="alert" className="text-brand-700">
          {loadErrorMessage}
        </p>
      ) : visible.length === 0 ? (
        <EmptyView />
      ) : (
        <OptionList
          name={name}
          legend={title}
          options={visible.map(toOption)}
          value={selected}
          onChange={(v) => {
            setSelected(v);
            setError(null);
          }}
          describedBy={error ? errorId : undefined}
        />
      )}
      <FieldError id={errorId} message={error} />
    </ConfirmForm>
  );
}
