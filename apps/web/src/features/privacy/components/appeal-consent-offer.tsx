import { APPEAL_TEXTS as T, CONSENT_TEXTS } from '@giot-hong/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { errorMessage } from '../../../lib/api-errors';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useChangeConsent, useConsents } from '../api/get-consents';
import { shouldOfferAppeals } from '../lib/appeal-offer';

function readLater(userId: number): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.appealOfferLater(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The offer to receive appeals, shown on 'Hồ sơ hiến máu' after a first donation until the donor
 * decides: 'Đồng ý nhận lời kêu gọi' gives the consent (the same request as the privacy tab's
 * switch), 'Để sau' hides the card on this device for this account.
 */
export function AppealConsentOffer({ userId, donations }: { userId: number; donations: number }) {
  const consents = useConsents();
  const change = useChangeConsent();
  const [later, setLater] = useState(() => readLater(userId));
  if (!shouldOfferAppeals(donations, consents.data, later)) return null;
  const appeals = consents.data!.find((c) => c.purpose === 'APPEALS')!;

  const accept = () =>
    change.mutate(
      { purpose: 'APPEALS', given: true, version: appeals.currentVersion },
      { onError: (err) => toast.error(T.consentAccept, { description: errorMessage(err) }) },
    );
  const dismiss = () => {
    try {
      localStorage.setItem(STORAGE_KEYS.appealOfferLater(userId), new Date().toISOString());
    } catch {
      // Storage refused (private mode): hidden for this visit only.
    }
    setLater(true);
  };

  return (
    <section
      aria-labelledby="appeal-offer-title"
      className="rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:p-6"
    >
      <h2 id="appeal-offer-title" className="text-lg font-semibold text-slate-900">
        {T.consentOffer}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{CONSENT_TEXTS.APPEALS.text}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <button type="button" className={buttonPrimary} disabled={change.isPending} onClick={accept}>
          {T.consentAccept}
        </button>
        <button type="button" className={buttonSecondary} disabled={change.isPending} onClick={dismiss}>
          {T.consentLater}
        </button>
      </div>
    </section>
  );
}
