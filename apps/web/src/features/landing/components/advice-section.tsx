import { CheckIcon, InfoIcon, XCircleIcon } from '../../../components/icons';

const CARDS = [
  {
    title: 'Nên:',
    icon: CheckIcon,
    tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
    items: [
      'Ăn nhẹ, không ăn đồ nhiều dầu mỡ trước khi hiến máu.',
      'Uống 300-500 ml nước trước khi hiến máu.',
      'Đè chặt miếng bông cầm máu nơi kim chích trong 10 phút.',
      'Giữ băng dán cá nhân trong 4-6 giờ.',
      'Nằm hoặc ngồi nghỉ tại chỗ 10 phút sau khi hiến máu.',
    ],
  },
  {
    title: 'Không nên:',
    icon: XCircleIcon,
    tone: 'bg-brand-50 text-brand-700 ring-brand-100',
    items: [
      'Thức khuya hoặc để bụng đói trước khi đi hiến máu.',
      'Uống rượu bia, đồ uống có cồn trước và ngay sau khi hiến máu.',
      'Lái xe đường dài, khuân vác, làm việc nặng hoặc tập thể thao gắng sức trong ngày hiến máu.',
    ],
  },
  {
    title: 'Lưu ý:',
    icon: InfoIcon,
    tone: 'bg-amber-50 text-amber-800 ring-amber-100',
    items: [
      'Nếu thấy chóng mặt, mệt mỏi hoặc buồn nôn: nằm nghỉ, đầu thấp, kê chân cao.',
      'Nếu chỗ kim chích chảy máu: giơ tay cao, ấn nhẹ vào miếng bông và báo nhân viên y tế.',
      'Chườm lạnh chỗ kim chích nếu bị sưng hoặc bầm tím.',
    ],
  },
] as const;

/** Advice before and after donating, in three cards. */
export function AdviceSection() {
  return (
    <section aria-labelledby="advice-title" className="bg-slate-50 py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600">Chuẩn bị và chăm sóc</p>
          <h2
            id="advice-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            Lời khuyên trước và sau khi hiến máu
          </h2>
        </div>
        <div className="mt-10 grid gap-5 md:grid-cols-3">
          {CARDS.map(({ title, icon: Icon, tone, items }) => (
            <article key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="flex items-center gap-3 text-xl font-bold text-slate-900">
                <span className={`grid size-10 place-items-center rounded-xl ring-1 ${tone}`}>
                  <Icon />
                </span>
                {title}
              </h3>
              <ul className="mt-5 space-y-3 text-slate-700">
                {items.map((item) => (
                  <li key={item} className="flex gap-2.5 leading-relaxed">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-500" />
                    {item}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
