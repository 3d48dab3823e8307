import { SLOT_MESSAGES, type TCampaign, type TSlot } from '@giot-hong/contract';
import { ClockIcon, MapPinIcon, UsersIcon } from '../../../components/icons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { useWizardCampaigns } from '../api/get-wizard-campaigns';
import { formatCampaignTime } from '../../../lib/vn-time';
import { useCampaignSlots } from '../api/get-campaign-slots';
import { Button, ErrorCard, StepHeading } from './controls';
import { isSlotOpen } from '../lib/slot-rules';
import { SlotPicker } from './slot-picker';

const CHOOSE_CAMPAIGN = 'Chọn một chiến dịch bạn muốn tham gia:';
/** 60 % of the viewport whatever the number of campaigns: the buttons under it stay in reach on a phone, and in place. */
const LIST_AREA = 'h-[60vh]';

/** Step 0: choose one of the open campaigns and one of its time slots; 'Tiếp tục' needs both. */
export function CampaignSelectStep({
  selectedId,
  onSelect,
  selectedSlot,
  onSelectSlot,
  onNext,
}: {
  selectedId: number | undefined;
  onSelect: (campaign: TCampaign) => void;
  selectedSlot: string | undefined;
  onSelectSlot: (slot: TSlot) => void;
  onNext: () => void;
}) {
  const { data, isPending, isError, refetch, isFetching } = useWizardCampaigns();
  const chosen = data?.some((c) => c.id === selectedId) ? selectedId : undefined;
  const slots = useCampaignSlots(chosen);
  const slot = slots.data?.find((s) => s.start === selectedSlot && isSlotOpen(s));

  return (
    <section aria-labelledby="registration-step-heading" className="space-y-5">
      <StepHeading>Chọn chiến dịch hiến máu</StepHeading>
      {isPending || (isFetching && !data) ? (
        // The list's place, as the list will take it (its legend, its scroll area): the 'Tiếp tục'
        // button under it stays where the first paint (the server's frame) put it when the
        // campaigns arrive.
        <div aria-busy="true">
          <p className="mb-3 text-slate-700">{CHOOSE_CAMPAIGN}</p>
          <div className={LIST_AREA}>
            <LoadingView />
          </div>
        </div>
      ) : isError ? (
        <ErrorCard message="Không thể tải thông tin chiến dịch" onRetry={() => void refetch()} />
      ) : data === null ? (
        <ErrorCard message="Dữ liệu trả về không hợp lệ" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyView title="Không có sự kiện nào" />
      ) : (
        <fieldset>
          <legend className="mb-3 text-slate-700">{CHOOSE_CAMPAIGN}</legend>
          <div
            data-testid="campaign-scroll-area"
            className={`${LIST_AREA} space-y-3 overflow-y-auto overscroll-contain p-1`}
          >
            {data.map((c) => (
              <CampaignOption
                key={c.id}
                campaign={c}
                checked={c.id === chosen}
                onSelect={() => onSelect(c)}
              />
            ))}
          </div>
        </fieldset>
      )}
      {chosen !== undefined && (
        <SlotPicker
          slots={slots.data}
          isPending={slots.isPending}
          isError={slots.isError}
          onRetry={() => void slots.refetch()}
          selected={slot?.start}
          onSelect={onSelectSlot}
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {!chosen && data && data.length > 0 && (
          <p className="text-sm text-slate-600">Vui lòng chọn một chiến dịch để tiếp tục.</p>
        )}
        {chosen && !slot && slots.data && slots.data.length > 0 && (
          <p className="text-sm text-slate-600">{SLOT_MESSAGES.slotRequired}</p>
        )}
        <Button onClick={onNext} disabled={!chosen || !slot}>
          Tiếp tục
        </Button>
      </div>
    </section>
  );
}

function CampaignOption({
  campaign: c,
  checked,
  onSelect,
}: {
  campaign: TCampaign;
  checked: boolean;
  onSelect: () => void;
}) {
  const id = `campaign-option-${c.id}`;
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-2xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        checked
          ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
          : 'border-slate-200 bg-white hover:border-brand-300'
      }`}
    >
      <input
        id={id}
        type="radio"
        name="campaign"
        value={c.id}
        checked={checked}
        onChange={onSelect}
        className="mt-1 size-5 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 space-y-1.5">
        <span className="block font-semibold text-slate-900">{c.name}</span>
        <span className="flex gap-2 text-sm text-slate-700">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>
            <span className="sr-only">Địa điểm: </span>
            {c.location}
          </span>
        </span>
        <span className="flex gap-2 text-sm text-slate-700">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>
            <span className="sr-only">Thời gian: </span>
            {formatCampaignTime(c.startReceiveTime)} → {formatCampaignTime(c.endReceiveTime)}
          </span>
        </span>
        <span className="flex gap-2 text-sm text-slate-700">
          <UsersIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>
            Đã đăng ký {c.appointmentCount}/{c.targetBloodUnits}
            {c.placesLeft !== undefined && ` · ${SLOT_MESSAGES.campaignPlacesLeft(c.placesLeft)}`}
          </span>
        </span>
      </span>
    </label>
  );
}
