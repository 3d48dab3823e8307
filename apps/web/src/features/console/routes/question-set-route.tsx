import { QUESTION_SET_MESSAGES as M } from '@giot-hong/contract';
import { Link, useParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useQuestionSet } from '../api/question-set';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { QuestionSetEditor } from '../components/question-set-editor';
import { Component as NotFound } from './console-not-found-route';

/** /quan-tri/bo-cau-hoi/tao-moi and /quan-tri/bo-cau-hoi/{id}: a questionnaire's editor. */
export function Component() {
  const { id } = useParams();
  const setId = id === undefined ? undefined : Number(id);
  if (setId === undefined) return <NewSet />;
  if (!Number.isSafeInteger(setId) || setId <= 0) return <NotFound />;
  return <EditSet id={setId} />;
}

function NewSet() {
  usePageTitle('Tạo bộ câu hỏi');
  return (
    <>
      <PageHeading
        title="Tạo bộ câu hỏi"
        sub="Sắp xếp phần và câu hỏi bằng cách kéo thả hoặc nút Lên/Xuống."
      />
      <QuestionSetEditor />
    </>
  );
}

const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

function EditSet({ id }: { id: number }) {
  usePageTitle('Sửa bộ câu hỏi');
  const set = useQuestionSet(id);
  if (set.isPending) return <LoadingView />;
  if (set.error instanceof ApiError && set.error.status === 404) return <NotFound />;
  if (set.isError) return <ConsoleErrorView onRetry={() => set.refetch()} />;
  const s = set.data;
  const newest = s.versions[0];
  return (
    <>
      <PageHeading
        title={s.latest ? 'Sửa bộ câu hỏi' : 'Xem bộ câu hỏi'}
        sub={`${s.name} · ${M.versionLabel(s.version)}`}
      />
      {!s.latest && newest && (
        <p className={`${cardClass} mb-4 border-amber-300 bg-amber-50 text-slate-900`} role="note">
          {M.superseded}{' '}
          <Link to={consolePaths.questionSet(newest.id)} className="font-semibold text-brand-700 underline">
            Mở {M.versionLabel(newest.version)}
          </Link>
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_1fr]">
        <QuestionSetEditor key={s.id} set={s} readOnly={!s.latest} />
        <nav aria-label="Các phiên bản" className={`${cardClass} self-start`}>
          <h2 className="mb-2 font-semibold text-slate-900">Các phiên bản</h2>
          <ul className="flex flex-col gap-1">
            {s.versions.map((v) => (
              <li key={v.id}>
                {v.id === s.id ? (
                  <span aria-current="page" className="font-semibold text-slate-900">
                    {capital(M.versionLabel(v.version))} (đang xem)
                  </span>
                ) : (
                  <Link to={consolePaths.questionSet(v.id)} className="text-brand-700 underline">
                    {capital(M.versionLabel(v.version))}
                  </Link>
                )}
                {v.answered && <span className="text-sm text-slate-600"> · đã có người trả lời</span>}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
