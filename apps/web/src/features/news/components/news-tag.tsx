/** The 'Tin tức' tag of news cards. */
export function NewsTag() {
  return (
    <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
      Tin tức
    </span>
  );
}
