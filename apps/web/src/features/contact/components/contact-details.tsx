import { phoneHref, type TChapterContact } from '@giot-hong/contract';
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  // dt and dd stay direct children of the group (a <dl> rule); the icon sits inside the dt.
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm font-medium text-slate-600">
        <span className="absolute left-0 top-0 grid size-10 place-items-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Address, phone, e-mail and opening hours of the chapter (as the server is configured). */
export function ContactDetails({ contact }: { contact: TChapterContact }) {
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      <Detail icon={MapPin} label="Địa chỉ">
        {contact.address}
      </Detail>
      <Detail icon={Phone} label="Điện thoại">
        <a href={`tel:${phoneHref(contact.phone)}`} className="hover:text-brand-700 hover:underline">
          {contact.phone}
        </a>
      </Detail>
      <Detail icon={Mail} label="Email">
        <a href={`mailto:${contact.email}`} className="break-all hover:text-brand-700 hover:underline">
          {contact.email}
        </a>
      </Detail>
      <Detail icon={Clock} label="Giờ làm việc">
        {contact.openingHours}
      </Detail>
    </dl>
  );
}
