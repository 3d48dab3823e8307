import { Gift, HeartPulse, Info, ListChecks, type LucideIcon } from 'lucide-react';
import type { FaqCategory, FaqCategoryId } from '../data/faq-content';

const ICONS: Record<FaqCategoryId, LucideIcon> = {
  'thong-tin-chung': Info,
  'quy-trinh-hien-mau': ListChecks,
  'sau-khi-hien-mau': HeartPulse,
  'quyen-loi': Gift,
};

/** The four category cards: a click toggles the category's highlight and scrolls to it. */
export function FaqCategoryCards({
  categories,
  active,
  shown,
  onToggle,
}: {
  categories: FaqCategory[];
  active: FaqCategoryId | null;
  /** Categories whose section is on the page now (a search can hide some). */
  shown: ReadonlySet<FaqCategoryId>;
  onToggle: (id: FaqCategoryId) => void;
}) {
  return (
    <div role="group" aria-label="Chủ đề câu hỏi">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {categories.map((c) => {
          const Icon = ICONS[c.id];
          const on = active === c.id;
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={on}
                aria-controls={shown.has(c.id) ? c.id : undefined}
                onClick={() => onToggle(c.id)}
                className={`flex h-full w-full flex-col items-start gap-2 rounded-2xl border p-4 text-left transition-colors ${
                  on
                    ? 'border-brand-600 bg-brand-600 text-white shadow-md'
                    : 'border-slate-200 bg-white text-slate-900 hover:border-brand-200 hover:bg-brand-50'
                }`}
              >
                <Icon aria-hidden className={`size-6 ${on ? 'text-white' : 'text-brand-600'}`} />
                <span className="font-semibold">{c.title}</span>
                <span className={`text-sm ${on ? 'text-brand-50' : 'text-slate-600'}`}>{c.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
