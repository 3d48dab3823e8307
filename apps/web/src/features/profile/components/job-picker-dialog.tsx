import { PROFILE_MESSAGES } from '@giot-hong/contract';
import { useState } from 'react';
import { useJobs } from '../api/get-jobs';
import { filterJobs } from '../lib/profile-format';
import { AppDialog, DialogClose, DialogForm } from './app-dialog';
import { buttonPrimary, buttonSecondary, FieldError, inputClass } from './controls';
import { LoadingView } from '../../../components/ui/loading-view';
import { EmptyView } from '../../../components/ui/empty-view';
import { OptionList } from './option-list';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; initial: string | null; onConfirm: (job: string) => void };

/** Job picker with a text filter (case and diacritics do not matter). */
export function JobPickerDialog({ open, onOpenChange, initial, onConfirm }: Props) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Nghề nghiệp">
      <JobForm
        initial={initial}
        onConfirm={(job) => {
          onConfirm(job);
          onOpenChange(false);
        }}
      />
    </AppDialog>
  );
}

function JobForm({ initial, onConfirm }: { initial: string | null; onConfirm: (job: string) => void }) {
  const jobs = useJobs();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const visible = filterJobs(jobs.data ?? [], query);

  return (
    <DialogForm
      onSubmit={() => (selected ? onConfirm(selected) : setError(PROFILE_MESSAGES.jobRequired))}
      footer={
        <>
          <DialogClose className={buttonSecondary}>Hủy</DialogClose>
          <button type="submit" className={buttonPrimary}>
            Xác nhận
          </button>
        </>
      }
    >
      <div>
        <label htmlFor="job-search" className="mb-1 block text-sm font-medium text-slate-700">
          Tìm nghề nghiệp
        </label>
        <input
          id="job-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Nhập tên nghề nghiệp"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      {jobs.isPending ? (
        <LoadingView />
      ) : jobs.isError ? (
        <p role="alert" className="text-brand-700">
          Không thể tải danh sách nghề nghiệp
        </p>
      ) : visible.length === 0 ? (
        <EmptyView />
      ) : (
        <OptionList
          name="job"
          legend="Nghề nghiệp"
          options={visible.map((j) => ({ value: j.job, label: j.job }))}
          value={selected}
          onChange={(v) => {
            setSelected(v);
            setError(null);
          }}
          describedBy={error ? 'job-picker-error' : undefined}
        />
      )}
      <FieldError id="job-picker-error" message={error} />
    </DialogForm>
  );
}
