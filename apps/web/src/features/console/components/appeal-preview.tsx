import { APPEAL_TEXTS as T, APPEAL_MESSAGES, type TAppealPreview } from '@giot-hong/contract';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAppealAudience } from '../api/count-appeal-audience';
import { appealAudience, previewParts, type AppealFormValues } from '../lib/appeal-form';

const PART_WORDS: Record<keyof Omit<TAppealPreview, 'count'>, (n: number) => string> = {
  confirmed: T.previewConfirmed,
  selfDeclared: T.previewSelfDeclared,
  onCall: T.previewOnCall,
  heldByFatigue: T.previewHeld,
};

/** How long the choices must rest before the audience is counted again. */
const PREVIEW_DEBOUNCE_MS = 400;

/**
 * 'Lời kêu gọi sẽ gửi tới N người hiến máu' with how they were chosen, counted by the server once
 * groups, urgency and campaign are chosen and have stopped changing. `onCount` tells the form the
 * number (sending needs someone to send to, and the confirmation names it).
 */
export function AppealPreview({
  groups,
  urgency,
  campaignId,
  onCount,
}: Pick<AppealFormValues, 'groups' | 'urgency' | 'campaignId'> & {
  onCount: (n: number | undefined) => void;
}) {
  // Debounced as text: a new array each render would never rest.
  const key = useDebouncedValue(
    JSON.stringify(appealAudience({ groups, urgency, campaignId })),
    PREVIEW_DEBOUNCE_MS,
  );
  const audience = JSON.parse(key) as ReturnType<typeof appealAudience>;
  const preview = useAppealAudience(audience);
  const count = audience && !preview.isPlaceholderData ? preview.data?.count : undefined;
  useEffect(() => onCount(count), [count, onCount]);

  return (
    <div aria-live="polite" className="rounded-lg bg-slate-50 p-3" data-appeal-preview>
      {!audience ? (
        <p className="text-slate-700">{T.previewIncomplete}</p>
      ) : preview.isError ? (
        <p className="text-brand-700">{errorMessage(preview.error)}</p>
      ) : !preview.data ? (
        <p className="text-slate-700">{T.previewCounting}</p>
      ) : (
        <>
          <p className="font-semibold text-slate-900" data-appeal-count>
            {preview.data.count === 0 ? APPEAL_MESSAGES.noRecipients : T.previewCount(preview.data.count)}
          </p>
          {previewParts(preview.data).length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
              {previewParts(preview.data).map((k) => (
                <li key={k}>{PART_WORDS[k](preview.data[k])}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
