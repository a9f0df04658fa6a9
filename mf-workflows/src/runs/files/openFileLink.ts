// Opens a file's short-lived link: an image or PDF in a new tab, anything else
// downloads (platform-api sends it as an attachment). A real anchor click,
// which browsers allow right after the press that asked for the link.
export function openFileLink(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  // Ignored across origins (the link is platform-api's), kept for a same-origin deployment.
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
