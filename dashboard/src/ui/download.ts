/** Files the dashboard hands to the browser's downloads (a QR image, the links CSV): a blob URL clicked once. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once it started; a minute is plenty for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Bytes of a base64 string (how GraphQL carries images). */
export function base64Blob(base64: string, type: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}
