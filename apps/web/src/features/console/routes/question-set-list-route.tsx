import { QUESTION_SET_MESSAGES as M } from '@giot-hong/contract';
import { ClipboardList, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useQuestionSets } from '../api/get-question-sets';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';

const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** /quan-tri/bo-cau-hoi: the questionnaires (their latest versions), each opening its editor. */
export function Component() {
  usePageTitle('Bộ câu hỏi');
  const sets = useQuestionSets();
  if (sets.isPending) return <LoadingView />;
  if (sets.isError) return <ConsoleErrorView onRetry={() => sets.refetch()} />;
  const latest = sets.data.filter((s) => s.latest);
  return (
    <>
      <PageHeading title="Bộ câu hỏi" sub="Phiếu sức khỏe người hiến trả lời khi đăng ký.">
        <Link to={consolePaths.questionSetNew} className={buttonPrimary}>
          <Plus aria-hidden className="size-5" />
          Tạo bộ câu hỏi
        </Link>
      </PageHeading>
      {latest.length === 0 ? (
        <EmptyView title="Chưa có bộ câu hỏi nào" icon={ClipboardList} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {latest.map((s) => (
            <li key={s.id} className={`${cardClass} flex flex-col gap-1`}>
              <h2 className="text-lg font-semibold break-words text-slate-900">
                <Link to={consolePaths.questionSet(s.id)} className="underline-offset-2 hover:underline">
                  {s.name}
                </Link>
              </h2>
              <p className="text-slate-700">
                {capital(M.versionLabel(s.version))} · {s.questionCount} câu hỏi · {s.campaignCount} chiến
                dịch
                {s.answered ? ' · đã có người trả lời' : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
