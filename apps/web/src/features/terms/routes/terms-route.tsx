import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChapterContact } from '../../../components/layout/site-footer';
import { termsSections, type TermsBlock } from '../data/terms-content';
import { usePrivacyPolicy } from '../../privacy/api/get-data-views';

function Block({ block }: { block: TermsBlock }) {
  return (
    <div className="space-y-2">
      {block.heading ? <h3 className="font-semibold text-slate-900">{block.heading}</h3> : null}
      {block.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {block.list ? (
        <ul className="list-disc space-y-1.5 pl-5 marker:text-brand-600">
          {block.list.map((li) => (
            <li key={li}>{li}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Component() {
  usePageTitle('Điều khoản sử dụng');
  const policy = usePrivacyPolicy();
  const sections = termsSections(useChapterContact().data?.email, policy.data?.retention);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Điều khoản sử dụng</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Điều khoản sử dụng, chính sách bảo mật và quy định hiến máu của cổng hiến máu tình nguyện Giọt Hồng.
        </p>
      </header>
      {/* Several sections may be open at once; the first is open when the page loads. */}
      <Accordion.Root type="multiple" defaultValue={[sections[0]!.id]} className="flex flex-col gap-3">
        {sections.map((s) => (
          <Accordion.Item
            key={s.id}
            value={s.id}
            id={s.id}
            className="scroll-mt-24 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50 data-[state=open]:text-brand-700">
                  {s.title}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="space-y-4 border-t border-slate-100 px-5 py-4 leading-relaxed text-slate-700">
              {s.blocks.map((b, i) => (
                <Block key={i} block={b} />
              ))}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  );
}
