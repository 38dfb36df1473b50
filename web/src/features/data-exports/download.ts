/** Saves a base64 archive as a file through the browser's download (a Blob behind a link with `download`). */
export function downloadArchive(fileName: string, base64: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the Blob is let go a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
