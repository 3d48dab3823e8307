import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESS_PICKER_MESSAGES as M } from '@giot-hong/contract';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useProvinces } from '../api/get-provinces';
import { useWards } from '../api/get-wards';
import { formatAddress } from '../lib/profile-format';
import { inputClass } from '../../../components/ui/input-class';
import { Field, fieldAria } from '../../../components/ui/field';
import { ConfirmForm, ProfileDialog } from './profile-dialog';

const ZAddressForm = z.object({
  province: z.string().min(1, M.provinceRequired),
  ward: z.string().min(1, M.wardRequired),
  street: z.string().trim().max(200, M.streetTooLong),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: (address: string) => void };

/**
 * Address picker on the administrative units in force since 1 July 2025: province, then
 * commune/ward, optional street. The result is the text 'street, ward, province'.
 */
export function AddressPickerDialog({ open, onOpenChange, onConfirm }: Props) {
  return (
    <ProfileDialog<string>
      open={open}
      onOpenChange={onOpenChange}
      title="Địa chỉ liên hệ"
      description="Chọn tỉnh/thành phố, sau đó chọn xã/phường."
      onConfirm={onConfirm}
    >
      {(confirm) => <AddressForm onConfirm={confirm} />}
    </ProfileDialog>
  );
}

function AddressForm({ onConfirm }: { onConfirm: (address: string) => void }) {
  const { register, handleSubmit, formState, control, setValue } = useForm({
    resolver: zodResolver(ZAddressForm),
    defaultValues: { province: '', ward: '', street: '' },
  });
  const [provinceCode, wardCode, street] = useWatch({ control, name: ['province', 'ward', 'street'] });
  const provinces = useProvinces();
  const wards = useWards(provinceCode || null);
  const provinceName = provinces.data?.find((p) => p.code === provinceCode)?.name ?? '';
  const wardName = wards.data?.find((w) => w.code === wardCode)?.name ?? '';
  const errors = formState.errors;
  const provinceField = register('province');

  return (
    <ConfirmForm
      onSubmit={handleSubmit(() =>
        onConfirm(formatAddress({ street, ward: wardName, province: provinceName })),
      )}
    >
      <Field
        id="address-province"
        label="Tỉnh/Thành phố"
        error={
          errors.province?.message ?? (provinces.isError ? 'Không thể tải danh sách tỉnh/thành phố' : null)
        }
      >
        <select
          {...provinceField}
          {...fieldAria('address-province', errors.province?.message, true)}
          onChange={(e) => {
            // A ward belongs to one province: choosing another province clears it.
            setValue('ward', '');
            return provinceField.onChange(e);
          }}
          className={inputClass}
        >
          <option value="">{provinces.isPending ? 'Đang tải dữ liệu' : '-- Chọn tỉnh/thành phố --'}</option>
          {provinces.data?.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="address-ward"
        label="Xã/Phường/Đặc khu"
        error={errors.ward?.message ?? (wards.isError ? 'Không thể tải danh sách xã/phường' : null)}
      >
        <select
          {...register('ward')}
          {...fieldAria('address-ward', errors.ward?.message, true)}
          disabled={!provinceCode}
          className={inputClass}
        >
          <option value="">
            {!provinceCode
              ? '-- Chọn tỉnh/thành phố trước --'
              : wards.isPending
                ? 'Đang tải dữ liệu'
                : '-- Chọn xã/phường --'}
          </option>
          {wards.data?.map((w) => (
            <option key={w.code} value={w.code}>
              {w.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="address-street" label="Số nhà, tên đường (không bắt buộc)" error={errors.street?.message}>
        <input
          {...register('street')}
          {...fieldAria('address-street', errors.street?.message)}
          autoComplete="address-line1"
          maxLength={200}
          placeholder="VD: 12 Hàng Bài"
          className={inputClass}
        />
      </Field>
      {wardName && provinceName && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium">Địa chỉ: </span>
          {formatAddress({ street, ward: wardName, province: provinceName })}
        </p>
      )}
    </ConfirmForm>
  );
}
