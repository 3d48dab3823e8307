import { PROFILE_MESSAGES, type TOrganization } from '@giot-hong/contract';
import { useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { useOrganizations } from '../api/get-organizations';
import { AppDialog, DialogClose, DialogForm } from './app-dialog';
import { buttonPrimary, buttonSecondary, FieldError } from './controls';
import { OptionList } from './option-list';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: number | null;
  onConfirm: (organization: TOrganization) => void;
};

/** Organization picker: 'Tự do' first, then the organizations; confirming needs a selection. */
export function OrganizationPickerDialog({ open, onOpenChange, initial, onConfirm }: Props) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Tổ chức">
      <OrganizationForm
        initial={initial}
        onConfirm={(o) => {
          onConfirm(o);
          onOpenChange(false);
        }}
      />
    </AppDialog>
  );
}

function OrganizationForm({ initial, onConfirm }: { initial: number | null; onConfirm: (o: TOrganization) => void }) {
  const organizations = useOrganizations();
  const [selected, setSelected] = useState<number | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const chosen = organizations.data?.find((o) => o.id === selected);

  return (
    <DialogForm
      onSubmit={() => (chosen ? onConfirm(chosen) : setError(PROFILE_MESSAGES.organizationRequired))}
      footer={
        <>
          <DialogClose className={buttonSecondary}>Hủy</DialogClose>
          <button type="submit" className={buttonPrimary}>
            Xác nhận
          </button>
        </>
      }
    >
      {organizations.isPending ? (
        <LoadingView />
      ) : organizations.isError ? (
        <p role="alert" className="text-brand-700">
          Không thể tải danh sách tổ chức
        </p>
      ) : (
        <OptionList
          name="organization"
          legend="Tổ chức"
          options={organizations.data.map((o) => ({ value: o.id, label: o.name }))}
          value={selected}
          onChange={(v) => {
            setSelected(v);
            setError(null);
          }}
          describedBy={error ? 'organization-picker-error' : undefined}
        />
      )}
      <FieldError id="organization-picker-error" message={error} />
    </DialogForm>
  );
}
