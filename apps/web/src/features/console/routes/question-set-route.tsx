import { QUESTION_SET_MESSAGES as M } from '@giot-hong/contract';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { errorStatus } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOlderCampaigns } from '../api/get-older-campaigns';
import { useQuestionSet } from '../api/get-question-set';
import { MoveCampaignsDialog } from '../components/move-campaigns-dialog';
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
  if (errorStatus(set.error) === 404) return <NotFound />;
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
      {s.latest && s.version > 1 && <OlderCampaigns key={s.id} questionSetId={s.id} version={s.version} />}
      <div className="grid gap-4 xl:grid-cols-[3fr_1fr]">
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

/**
 * The open campaigns still on an older version of this questionnaire: said on the latest version's
 * page, and offered at once after saving a new version (ADR 18: a campaign never moves by itself).
 */
function OlderCampaigns({ questionSetId, version }: { questionSetId: number; version: number }) {
  const arrivedFromSave = Boolean((useLocation().state as { newVersion?: boolean } | null)?.newVersion);
  // Opened by the staff member, or at once after a save when there is something to move.
  const [open, setOpen] = useState<'auto' | 'asked' | null>(arrivedFromSave ? 'auto' : null);
  const older = useOlderCampaigns(questionSetId, true);
  const list = older.data ?? [];
  const movable = list.filter((c) => !c.answered).length;
  const shown = open === 'asked' || (open === 'auto' && movable > 0);
  if (list.length === 0) return null;
  return (
    <>
      <div
        className={`${cardClass} mb-4 flex flex-wrap items-center justify-between gap-3 border-amber-300 bg-amber-50`}
        role="note"
      >
        <p className="text-slate-900">
          {list.length} chiến dịch đang mở vẫn dùng phiên bản cũ
          {movable > 0
            ? `; ${movable} chiến dịch chưa có ai trả lời có thể chuyển sang ${M.versionLabel(version)}.`
            : '.'}
        </p>
        <button type="button" className={buttonSecondary} onClick={() => setOpen('asked')}>
          Xem các chiến dịch
        </button>
      </div>
      <MoveCampaignsDialog
        open={shown}
        onClose={() => setOpen(null)}
        questionSetId={questionSetId}
        version={version}
        campaigns={list}
      />
    </>
  );
}
