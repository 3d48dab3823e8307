import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { FaqCategory } from '../data/faq-content';
import { FaqAnswerBody } from './faq-answer';

/**
 * One category's questions. `openId` is shared by all sections, so only one question on the page
 * is open at a time; opening another closes it, and a second click closes the open one.
 */
export function FaqSection({
  category,
  highlighted,
  openId,
  onOpenChange,
}: {
  category: FaqCategory;
  highlighted: boolean;
  openId: string;
  onOpenChange: (id: string) => void;
}) {
  const inThisSection = category.questions.some((q) => q.id === openId);
  return (
    <section
      id={category.id}
      aria-labelledby={`${category.id}-title`}
      // The category chosen on its card is the "current" one.
      aria-current={highlighted ? 'true' : undefined}
      className={`scroll-mt-24 rounded-2xl border p-4 transition-colors sm:p-6 ${highlighted ? 'border-brand-500 bg-brand-50/60 ring-2 ring-brand-200' : 'border-slate-200 bg-white'}`}
    >
      <h2 id={`${category.id}-title`} className="text-xl font-semibold text-slate-900">
        {category.title}
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        value={inThisSection ? openId : ''}
        onValueChange={onOpenChange}
        className="mt-3 divide-y divide-slate-200"
      >
        {category.questions.map((q) => (
          <Accordion.Item key={q.id} value={q.id}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-left font-medium text-slate-900 hover:text-brand-700 data-[state=open]:text-brand-700">
                  {q.question}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="pb-4">
              <FaqAnswerBody answer={q.answer} />
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
