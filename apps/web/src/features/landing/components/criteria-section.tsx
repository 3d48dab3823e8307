import {
  CalendarIcon,
  CheckIcon,
  HeartIcon,
  ShieldIcon,
  UserIcon,
  XCircleIcon,
} from '../../../components/icons';
import { SECTION_IDS } from '../lib/sections';

const CRITERIA = [
  {
    icon: UserIcon,
    title: 'Mang theo giấy tờ tùy thân',
    text: 'Căn cước công dân, chứng minh nhân dân hoặc hộ chiếu có ảnh.',
  },
  {
    icon: ShieldIcon,
    title: 'Không có nguy cơ lây nhiễm',
    text: 'Không nhiễm và không có hành vi nguy cơ lây nhiễm HIV, viêm gan và các bệnh lây truyền qua đường máu.',
  },
  {
    icon: XCircleIcon,
    title: 'Không nghiện chất kích thích',
    text: 'Không nghiện ma túy, rượu bia và các chất kích thích.',
  },
  {
    icon: HeartIcon,
    title: 'Cân nặng từ 45 kg',
    text: 'Nam và nữ có cân nặng từ 45 kg trở lên.',
  },
  {
    icon: CalendarIcon,
    title: 'Cách lần hiến trước 12 tuần',
    text: 'Thời gian tối thiểu giữa hai lần hiến máu toàn phần là 12 tuần.',
  },
  {
    icon: CheckIcon,
    title: 'Âm tính với viêm gan B',
    text: 'Kết quả xét nghiệm nhanh kháng nguyên bề mặt virus viêm gan B (HBsAg) âm tính.',
  },
] as const;

export function CriteriaSection() {
  return (
    <section
      id={SECTION_IDS.criteria}
      tabIndex={-1}
      aria-labelledby="criteria-title"
      className="py-14 focus:outline-none sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600">Ai có thể hiến máu?</p>
          <h2
            id="criteria-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            Tiêu chuẩn tham gia hiến máu
          </h2>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CRITERIA.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
