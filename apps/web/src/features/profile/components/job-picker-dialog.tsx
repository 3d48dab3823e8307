import { PROFILE_MESSAGES } from '@giot-hong/contract';
import { jobsQueryOptions } from '../api/get-jobs';
import { filterJobs } from '../lib/profile-format';
import { PickerDialog } from './picker-dialog';
import type { ProfileDialogProps } from './profile-dialog';

/** The jobs could not be loaded. */
export const JOBS_LOAD_FAILED = 'Không thể tải danh sách nghề nghiệp';

/** Job picker with a text filter (case and diacritics do not matter). */
export function JobPickerDialog(props: ProfileDialogProps<string | null, string>) {
  return (
    <PickerDialog
      {...props}
      title="Nghề nghiệp"
      name="job"
      query={jobsQueryOptions()}
      loadErrorMessage={JOBS_LOAD_FAILED}
      toOption={(j) => ({ value: j.job, label: j.job })}
      // A job is its name, kept even when the list does not hold it (or is still loading).
      choose={(job) => job || undefined}
      requiredMessage={PROFILE_MESSAGES.jobRequired}
      search={{ label: 'Tìm nghề nghiệp', placeholder: 'Nhập tên nghề nghiệp', filter: filterJobs }}
    />
  );
}
