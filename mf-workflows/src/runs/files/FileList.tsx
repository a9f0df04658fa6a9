// A run's files as a compact list (the run input's, each step's, a decision's
// attachments): a thumbnail for images, a type tag otherwise, the name (cut
// with an ellipsis, full in the title) and size, and Download. Links are
// short-lived: Download asks for a fresh one when pressed, a thumbnail asks
// once it is shown (again if the picture fails to load, as when it expired).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fileErrorMessage } from '@agentflow/shared';
import { FILE_LIMITS, formatBytes, isPreviewableImage, type FileRef } from '@agentflow/shared/files';
import type { FilesClient } from '../../api/files';
import { FT, useFileTexts } from './fileTexts';
import { openFileLink } from './openFileLink';
import './files.css';

export interface FileListProps {
  files: readonly FileRef[];
  client: FilesClient;
  /** The list's heading (Input files, Files out, Attachments). */
  title: string;
  headingLevel?: 2 | 3;
  testId?: string;
}

export function FileList({ files, client, title, headingLevel = 3, testId = 'file-list' }: FileListProps) {
  if (files.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="run-files" data-testid={testId} aria-label={title}>
      <Heading>{title}</Heading>
      <ul className="file-list">
        {files.map((file) => (
          <FileItem key={file.fileId} file={file} client={client} />
        ))}
      </ul>
    </section>
  );
}

/** The short tag shown instead of a thumbnail: the subtype ('PDF', 'CSV'), Word for DOCX. */
function typeTag(contentType: string): string {
  if (contentType.includes('wordprocessingml')) return 'DOCX';
  if (contentType.includes('spreadsheetml')) return 'XLSX';
  if (contentType.includes('presentationml')) return 'PPTX';
  const sub = contentType.split('/')[1] ?? '';
  return (sub.split(/[+.;-]/)[0] ?? '').slice(0, 4).toUpperCase() || 'FILE';
}

function FileItem({ file, client }: { file: FileRef; client: FilesClient }) {
  const { t, language } = useFileTexts();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = isPreviewableImage(file.contentType);

  const download = async () => {
    setOpening(true);
    setError(null);
    try {
      const { url } = await client.link(file.fileId);
      openFileLink(url, file.name);
    } catch (failure) {
      setError(fileErrorMessage(t, failure, language));
    } finally {
      setOpening(false);
    }
  };

  return (
    <li className="file-item" data-testid="file-item" data-file-id={file.fileId}>
      {image ? <Thumbnail file={file} client={client} /> : <span className={`file-type file-type--${file.contentType === 'application/pdf' ? 'pdf' : 'other'}`} aria-hidden="true">{typeTag(file.contentType)}</span>}
      <span className="file-meta">
        <span className="file-name" title={file.name}>
          {file.name}
        </span>
        <span className="file-size">{formatBytes(file.size, language)}</span>
      </span>
      <button type="button" className="button" aria-label={t(`${FT}downloadLabel`, { name: file.name })} disabled={opening} onClick={() => void download()}>
        {t(opening ? `${FT}opening` : `${FT}download`)}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function Thumbnail({ file, client }: { file: FileRef; client: FilesClient }) {
  // A link lasts FILE_LIMITS.linkSeconds: cached a little less, so a re-render never shows an expired one.
  const link = useQuery({
    queryKey: ['file-link', file.fileId],
    queryFn: () => client.link(file.fileId),
    staleTime: (FILE_LIMITS.linkSeconds - 30) * 1000,
    gcTime: (FILE_LIMITS.linkSeconds - 30) * 1000,
    retry: false,
  });
  const [failed, setFailed] = useState(0);
  if (!link.data || failed > 1) return <span className="file-thumb file-type file-type--image" aria-hidden="true">{typeTag(file.contentType)}</span>;
  return (
    <img
      className="file-thumb"
      src={link.data.url}
      alt={file.name}
      loading="lazy"
      data-testid="file-thumbnail"
      onError={() => {
        // An expired or refused link: one fresh try, then the tag stays.
        if (failed === 0) void link.refetch();
        setFailed((count) => count + 1);
      }}
    />
  );
}
