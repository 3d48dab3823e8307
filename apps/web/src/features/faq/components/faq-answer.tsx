import type { FaqAnswer } from '../data/faq-content';

export function FaqAnswerBody({ answer }: { answer: FaqAnswer }) {
  const List = answer.ordered ? 'ol' : 'ul';
  return (
    <div className="space-y-3 text-slate-700">
      {answer.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {answer.list ? (
        <List
          className={`space-y-1.5 pl-5 ${answer.ordered ? 'list-decimal' : 'list-disc'} marker:text-brand-600`}
        >
          {answer.list.map((li) => (
            <li key={li}>{li}</li>
          ))}
        </List>
      ) : null}
      {answer.after?.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}
