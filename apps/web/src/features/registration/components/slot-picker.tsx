import { SLOT_MESSAGES, SLOT_RULES, type TSlot } from '@giot-hong/contract';
import { useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { isSlotOpen } from '../lib/slot-rules';
import { ErrorCard } from './controls';

/** What a slot button says besides its time: 'Hết chỗ', or 'Còn N chỗ' when few are left. */
export function slotNote(s: TSlot, now = Date.now()): string | null {
  if (!isSlotOpen(s, now)) return SLOT_MESSAGES.full;
  return s.available <= SLOT_RULES.fewPlacesLeft ? SLOT_MESSAGES.placesLeft(s.available) : null;
}

/**
 * The time slots of a campaign as buttons 'HH:mm – HH:mm' (one pressed at a time); full or past
 * ones are disabled with 'Hết chỗ'. Used by the wizard's first step and by the appointment view.
 */
export function SlotPicker({
  slots,
  isPending,
  isError,
  onRetry,
  selected,
  onSelect,
  legend = SLOT_MESSAGES.chooseSlot,
  exclude,
}: {
  slots: TSlot[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: string | undefined;
  onSelect: (slot: TSlot) => void;
  legend?: string;
  /** A slot shown as the current one (the appointment's own), not selectable. */
  exclude?: string | null;
}) {
  // When the picker opened: a slot over since then is refused by the server anyway.
  const [now] = useState(() => Date.now());
  if (isPending) return <LoadingView />;
  if (isError || !slots) return <ErrorCard message={SLOT_MESSAGES.loadFailed} onRetry={onRetry} />;
  if (slots.length === 0) return <p className="text-slate-700">{SLOT_MESSAGES.noSlots}</p>;
  return (
    <fieldset data-testid="slot-picker">
      <legend className="mb-3 font-semibold text-slate-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {slots.map((s) => {
          const current = s.start === exclude;
          const note = current ? SLOT_MESSAGES.currentSlot : slotNote(s, now);
          const pressed = s.start === selected;
          return (
            <button
              key={s.start}
              type="button"
              aria-pressed={pressed}
              disabled={current || !isSlotOpen(s, now)}
              onClick={() => onSelect(s)}
              className={`flex min-h-12 flex-col items-center justify-center rounded-xl border px-2 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-600 ${
                pressed
                  ? 'border-brand-600 bg-brand-600 font-semibold text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:border-brand-400'
              }`}
            >
              <span>{s.label}</span>
              {note && <span className="text-xs">{note}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
