import { zodResolver } from '@hookform/resolvers/zod';
import {
  RARE_BLOOD_GROUPS,
  RARE_BLOOD_TEXTS as T,
  stockGroupLabel,
  ZAdminRareBloodQuery,
  type TAdminRareBloodQuery,
} from '@giot-hong/contract';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { buttonPrimary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { useProvinces } from '../../profile/api/get-provinces';
import { useWards } from '../../profile/api/get-wards';

/** The form's values: '' is "not chosen" (a group must be; the place may stay open). */
type Values = { group: string; province: string; ward: string };
// The select gives '' before a group is chosen: the contract's schema refuses it in its words.
const resolver = zodResolver(ZAdminRareBloodQuery) as unknown as Resolver<
  Values,
  unknown,
  TAdminRareBloodQuery
>;

/**
 * The listing's filter: an Rh-negative group (required: no listing without one), then optionally a
 * province and one of its wards, from the shipped administrative units.
 */
export function RareBloodFilter({ onShow }: { onShow: (q: TAdminRareBloodQuery) => void }) {
  const form = useForm<Values, unknown, TAdminRareBloodQuery>({
    resolver,
    defaultValues: { group: '', province: '', ward: '' },
    ...FORM_VALIDATION,
  });
  const province = useWatch({ control: form.control, name: 'province' });
  const provinces = useProvinces();
  const wards = useWards(province || null);
  const groupError = form.formState.errors.group?.message;
  const submit = form.handleSubmit((q) =>
    onShow({ ...q, province: q.province || undefined, ward: q.ward || undefined }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-end">
      <Field id="rare-blood-group" label={T.groupLabel} error={groupError} required>
        <select
          {...fieldAria('rare-blood-group', groupError, true)}
          {...form.register('group')}
          className={inputClass}
        >
          <option value="">{T.groupPlaceholder}</option>
          {RARE_BLOOD_GROUPS.map((g) => (
            <option key={g} value={g}>
              {stockGroupLabel(g)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="rare-blood-province" label={T.provinceLabel}>
        <select
          {...fieldAria('rare-blood-province')}
          {...form.register('province', { onChange: () => form.setValue('ward', '') })}
          className={inputClass}
        >
          <option value="">{T.anyPlace}</option>
          {(provinces.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="rare-blood-ward" label={T.wardLabel}>
        <select
          {...fieldAria('rare-blood-ward')}
          {...form.register('ward')}
          disabled={!province}
          className={inputClass}
        >
          <option value="">{T.anyPlace}</option>
          {(wards.data ?? []).map((w) => (
            <option key={w.code} value={w.code}>
              {w.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={buttonPrimary}>
        {T.show}
      </button>
    </form>
  );
}
