import { SLOT_MESSAGES, type TSlot } from '@giot-hong/contract';
import { ClockIcon, MapPinIcon } from '../../../components/icons';
import { formatCampaignTime } from '../../../lib/vn-time';
import type { WizardCampaign } from '../lib/wizard-entry';

/**
 * The campaign being registered for, as far as it is known (a closed one may lack details), and
 * the time slot: the chosen one, or (null) the earliest with a place when none was chosen.
 */
export function CampaignSummary({ campaign: c, slot }: { campaign: WizardCampaign; slot?: TSlot | null }) {
  // A link with only the id: the name arrives with the campaign list.
  const loadingDetails = c.name === undefined && c.detailsPending;
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
      <p className="text-sm font-medium text-brand-700">Chiến dịch</p>
      <p className="font-semibold text-slate-900" data-testid="wizard-campaign-name">
        {c.name ??
          (loadingDetails ? (
            <span
              className="inline-block h-5 w-48 animate-pulse rounded bg-brand-100 align-middle"
              aria-label="Đang tải dữ liệu"
              role="img"
            />
          ) : (
            `Chiến dịch số ${c.id}`
          ))}
      </p>
      {c.location && (
        <p className="mt-1 flex gap-2 text-sm text-slate-700">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>
            <span className="sr-only">Địa điểm: </span>
            {c.location}
          </span>
        </p>
      )}
      {c.startReceiveTime && (
        <p className="mt-1 flex gap-2 text-sm text-slate-700">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>
            <span className="sr-only">Thời gian: </span>
            {formatCampaignTime(c.startReceiveTime)} → {formatCampaignTime(c.endReceiveTime)}
          </span>
        </p>
      )}
      {slot !== undefined && (
        <p className="mt-1 text-sm text-slate-800" data-testid="wizard-slot">
          <span className="font-semibold">{SLOT_MESSAGES.slotTime}: </span>
          {slot ? slot.label : SLOT_MESSAGES.earliestSlot}
        </p>
      )}
    </div>
  );
}
