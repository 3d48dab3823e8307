import { ArrowDown, ArrowUp } from 'lucide-react';
import { buttonSecondary } from '../../../components/ui/buttons';

/**
 * The keyboard way to reorder a section or a question: 'Lên' / 'Xuống' buttons named after the
 * item (`label`), disabled at either end. Their ids (`idBase`-up / -down) let the focus return to
 * the button pressed once the item has moved.
 */
export function QuestionSetMoveButtons({
  label,
  index,
  count,
  idBase,
  onMove,
}: {
  label: string;
  index: number;
  count: number;
  idBase: string;
  onMove: (to: number, buttonId: string) => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      <button
        type="button"
        id={`${idBase}-up`}
        className={`${buttonSecondary} px-2`}
        disabled={index === 0}
        onClick={() => onMove(index - 1, `${idBase}-up`)}
        aria-label={`Chuyển ${label} lên`}
      >
        <ArrowUp aria-hidden className="size-5" />
      </button>
      <button
        type="button"
        id={`${idBase}-down`}
        className={`${buttonSecondary} px-2`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, `${idBase}-down`)}
        aria-label={`Chuyển ${label} xuống`}
      >
        <ArrowDown aria-hidden className="size-5" />
      </button>
    </div>
  );
}
