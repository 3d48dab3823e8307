import { APPEAL_PUBLIC_TEXTS as T, APPEAL_URGENCY_LABELS, registrationLinkPath } from '@giot-hong/contract';
import { Link } from 'react-router';
import { BloodGroupBadges } from '../../../components/ui/blood-group-badges';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useOpenAppeals } from '../api/get-open-appeals';

/**
 * The open appeals, beside the stock board: each one's groups (in text), urgency, place and time,
 * and a link to register for its campaign. Rendered on the server with the page's data; nothing
 * personal, no request of its own on arrival. Nothing at all while no appeal is open.
 */
export function OpenAppeals() {
  const { data } = useOpenAppeals();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="appeals-title" className="bg-red-50/50 py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <h2
            id="appeals-title"
            className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            {T.openTitle}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700">{T.openIntro}</p>
        </div>
        <ul aria-label={T.openListLabel} className="mt-8 grid gap-4 md:grid-cols-2">
          {data.map((a) => (
            <li key={a.id} className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
              <p className="w-fit rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
                {APPEAL_URGENCY_LABELS[a.urgency]}
              </p>
              <h3 className="text-lg font-bold break-words text-slate-900">{a.title}</h3>
              <BloodGroupBadges groups={a.groups} label={T.groupsNeeded} />
              <dl className="grid gap-1 text-sm text-slate-700">
                <div>
                  <dt className="inline font-semibold">{T.place}: </dt>
                  <dd className="inline">
                    {a.campaign.name} · {a.campaign.place}
                  </dd>
                </div>
                <div>
                  <dt className="inline font-semibold">{T.time}: </dt>
                  <dd className="inline">
                    {formatVnDateTime(a.campaign.startsAt)} – {formatVnDateTime(a.campaign.endsAt)}
                  </dd>
                </div>
              </dl>
              <Link
                to={registrationLinkPath(a.campaign)}
                className="inline-flex min-h-11 w-fit items-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                {T.register}
                <span className="sr-only">: {a.campaign.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
