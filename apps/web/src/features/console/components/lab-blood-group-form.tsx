import { zodResolver } from '@hookform/resolvers/zod';
import { BLOOD_GROUPS, ZLabBloodGroupRequest, type TAdminDonor } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { Field, fieldAria } from '../../../components/ui/field';
import { useSetLabBloodGroup } from '../api/set-lab-blood-group';
import { inputClass } from '../../../components/ui/input-class';
import { DonorSection } from './donor-section';
import { applyServerErrors } from '../../../lib/api-errors';

/**
 * The blood group found by a laboratory test, which overrides what the donor declared; changing it
 * unsaved is asked about before the page is left.
 */
export function LabBloodGroupForm({ d }: { d: TAdminDonor }) {
  const id = useId();
  const save = useSetLabBloodGroup();
  // '' is "not chosen yet" (the schema refuses it with 'Vui lòng chọn nhóm máu').
  const form = useForm({
    resolver: zodResolver(ZLabBloodGroupRequest),
    defaultValues: { bloodGroup: (d.profile.labBloodGroup ?? '') as (typeof BLOOD_GROUPS)[number] },
    ...FORM_VALIDATION,
  });
  useUnsavedChanges(form.formState.isDirty);
  const error = form.formState.errors.bloodGroup?.message;
  const submit = form.handleSubmit(({ bloodGroup }) =>
    save.mutate(
      { id: d.id, bloodGroup },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          form.reset({ bloodGroup });
        },
        onError: (err) => applyServerErrors(err, form.setError, ['bloodGroup']),
      },
    ),
  );
  return (
    <DonorSection title="Nhóm máu xét nghiệm">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <Field id={`${id}-bg`} label="Nhóm máu theo kết quả xét nghiệm" error={error} required>
            <select
              {...fieldAria(`${id}-bg`, error, true)}
              {...form.register('bloodGroup')}
              className={inputClass}
            >
              <option value="">Chọn nhóm máu</option>
              {BLOOD_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" className={buttonPrimary} disabled={save.isPending}>
          Lưu nhóm máu
        </button>
      </form>
    </DonorSection>
  );
}
