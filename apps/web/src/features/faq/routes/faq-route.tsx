import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { FaqCategoryCards } from '../components/faq-category-cards';
import { FaqSection } from '../components/faq-section';
import { FAQ_CATEGORIES, type FaqCategoryId } from '../data/faq-content';
import { filterFaq } from '../lib/filter-faq';

export function Component() {
  usePageTitle('Câu hỏi thường gặp về hiến máu');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<FaqCategoryId | null>(null);
  const [openId, setOpenId] = useState('');
  const visible = useMemo(() => filterFaq(FAQ_CATEGORIES, search), [search]);

  function toggleCategory(id: FaqCategoryId) {
    const next = active === id ? null : id;
    setActive(next);
    if (next) document.getElementById(next)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <div>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-12 text-center text-white sm:py-16">
        <h1 className="text-3xl font-bold sm:text-4xl">Câu hỏi thường gặp</h1>
        <p className="mx-auto mt-3 max-w-2xl text-brand-50">
          Giải đáp những thắc mắc phổ biến về hiến máu tình nguyện: điều kiện, quy trình, chăm sóc sau hiến
          máu và quyền lợi của bạn.
        </p>
        <div role="search" className="relative mx-auto mt-6 max-w-xl">
          <label htmlFor="faq-search" className="sr-only">
            Tìm kiếm câu hỏi
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id="faq-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Tìm kiếm câu hỏi..."
            autoComplete="off"
            className="h-12 w-full rounded-full border border-white bg-white pl-12 pr-4 text-base text-slate-900 shadow-md placeholder:text-slate-500 focus:outline-none focus:ring-4 focus:ring-brand-200"
          />
        </div>
      </section>

      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <FaqCategoryCards
          categories={FAQ_CATEGORIES}
          active={active}
          shown={new Set(visible.map((c) => c.id))}
          onToggle={toggleCategory}
        />

        <div className="mt-8 flex flex-col gap-6">
          {visible.length === 0 ? (
            <EmptyView title="Không tìm thấy kết quả">
              <p className="text-sm">Hãy thử từ khóa khác hoặc liên hệ với chúng tôi để được giải đáp.</p>
            </EmptyView>
          ) : (
            visible.map((c) => (
              <FaqSection
                key={c.id}
                category={c}
                highlighted={active === c.id}
                openId={openId}
                onOpenChange={setOpenId}
              />
            ))
          )}
        </div>

        <section aria-labelledby="faq-cta" className="mt-10 rounded-2xl bg-brand-50 px-6 py-8 text-center">
          <h2 id="faq-cta" className="text-2xl font-semibold text-slate-900">
            Bạn vẫn còn thắc mắc?
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">
            Hãy liên hệ với chúng tôi hoặc đăng ký hiến máu ngay hôm nay để góp phần cứu người.
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Link
              to={paths.contact}
              className="rounded-lg border border-brand-600 bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Liên hệ với chúng tôi
            </Link>
            <Link
              to={paths.donationRegistration}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              Đăng ký hiến máu
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
