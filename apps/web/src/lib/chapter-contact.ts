import { API, CHAPTER_CONTACT_META, type TChapterContact, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The details the server wrote into the page (see the server's SPA plugin), if it did. */
function fromPage(): TChapterContact | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${CHAPTER_CONTACT_META}"]`)?.content;
  if (!content) return undefined;
  try {
    return JSON.parse(content) as TChapterContact;
  } catch {
    return undefined;
  }
}

export async function getChapterContact(signal?: AbortSignal): Promise<TChapterContact> {
  return (await api.get<TEnvelope<TChapterContact>>(API.chapterContact, { signal, auth: false })).data;
}

/**
 * The chapter's public contact details as the server is configured (CHAPTER_* variables): from the
 * page's meta at once, or from GET /api/chapter/contact where the page has none (the dev server).
 */
export function useChapterContact() {
  return useQuery({
    queryKey: ['chapter-contact'] as const,
    queryFn: ({ signal }) => getChapterContact(signal),
    initialData: fromPage,
    staleTime: Infinity,
  });
}
