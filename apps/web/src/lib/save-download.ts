/**
 * Saves bytes that came through the API client (a plain link cannot send the bearer token) as a
 * file download, with an object URL and a download link.
 */
export function saveDownload(blob: Blob, type: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([blob], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
