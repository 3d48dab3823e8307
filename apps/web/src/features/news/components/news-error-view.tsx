import type { ReactNode } from 'react';
import { serverMessage } from '../../../lib/api-errors';

/**
 * The server's message when it sent one, else the fallback ('Failed to fetch news' /
 * 'Failed to fetch news details').
 */
export function newsErrorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The error page of the news screens. */
export function NewsErrorView({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
